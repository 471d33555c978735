import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentListSchema, type Agent } from '@contract/agents';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';
import { AGENTS_KEY } from '@/domain/kinds/query-keys';

export { agentLabel } from '@contract/agents';

/** `GET /sf-user/`: every agent, unpaged. */
export const getAgents = (signal?: AbortSignal) =>
  apiRequest('/sf-user/', { query: { isPaged: false }, schema: envelopeOf(agentListSchema), signal }).then(
    (answer) => answer.data.query,
  );

export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: AGENTS_KEY,
    queryFn: ({ signal }) => getAgents(signal),
    // The CRM's users change rarely; the list is fetched once per session.
    staleTime: 10 * 60 * 1000,
    // Kept across reloads and while offline (docs/product.md#offline-and-installation).
    meta: { persist: true },
  });

export const useAgents = () => useQuery(agentsQueryOptions());

export const sortAgents = (agents: readonly Agent[]): Agent[] =>
  [...agents].sort((a, b) => a.username.localeCompare(b.username));
