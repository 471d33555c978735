import type { Agent } from '@contract/agents';

/** How a CRM user is named: first and last name (the username when the CRM has neither). */
export function agentLabel(agent: Agent): string {
  return [agent.FirstName, agent.LastName].filter(Boolean).join(' ').trim() || agent.username;
}

/** The query key of the agents list (`GET /sf-user/`), kept across reloads: the screens that name a CRM user read it. */
export const AGENTS_KEY = ['agents'] as const;
