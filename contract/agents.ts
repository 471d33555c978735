import { z } from 'zod';
import { textSchema } from './bounds';

/** A CRM user whose contacts and cases are searched. The dropdown labels it first + last name, sorted by username. */
export const agentSchema = z.object({
  id: z.string(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  username: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

/** How a CRM user is named: first and last name (the username when the CRM has neither). */
export function agentLabel(agent: Agent): string {
  return [agent.FirstName, agent.LastName].filter(Boolean).join(' ').trim() || agent.username;
}

/** `GET /api/v3/sf-user/` (every signed-in role): every active agent, unpaged (`isPaged` is ignored), sorted by username. */
export const agentListSchema = z.array(agentSchema);

export const agentParamsSchema = z.object({ id: textSchema(40).min(1) });
