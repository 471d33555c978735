import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentListSchema, agentParamsSchema } from '../../contract/agents';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { booleanParam, pageOf } from '../../contract/page';
import { caseRowSchema, contactRowSchema, searchQuerySchema } from '../../contract/search';
import { envelope } from '../http/envelope';
import type { SearchService } from './search.service';
import { recordKindTable } from '../../contract/record-kinds';

const signedIn = { access: 'signed-in' } as const;
const errors = errorResponses(400, 401, 404);

/** The app sends `isPaged=false` (docs/product.md#paged-lists); the list is never paged, whatever it says. */
const agentListQuerySchema = z.object({ isPaged: booleanParam.optional() });

/** The CRM agents and the search of their contacts and cases. */
export async function searchRoutes(
  app: FastifyInstance,
  { search }: { search: SearchService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sf-user/',
    {
      config: signedIn,
      schema: {
        tags: ['search'],
        summary: 'Every active agent, sorted by username (never paged)',
        querystring: agentListQuerySchema,
        response: { 200: envelopeOf(agentListSchema), ...errorResponses(400, 401) },
      },
    },
    async () => envelope(await search.list()),
  );

  r.get(
    `/sf-user/:id/${recordKindTable.account.api.search}`,
    {
      config: signedIn,
      schema: {
        tags: ['search'],
        summary: "The agent's contacts with a revision saved in the date range",
        params: agentParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: envelopeOf(pageOf(contactRowSchema)), ...errors },
      },
    },
    async (request) => envelope(await search.searchContacts(request.params.id, request.query)),
  );

  r.get(
    `/sf-user/:id/${recordKindTable.case.api.search}`,
    {
      config: signedIn,
      schema: {
        tags: ['search'],
        summary: "The agent's cases with a revision saved in the date range",
        params: agentParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: envelopeOf(pageOf(caseRowSchema)), ...errors },
      },
    },
    async (request) => envelope(await search.searchCases(request.params.id, request.query)),
  );
}
