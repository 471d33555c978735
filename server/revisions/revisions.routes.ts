import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crmFieldsSchema } from '../../contract/crm-fields';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { pageOf } from '../../contract/page';
import {
  accountDifferencesQuerySchema,
  caseDifferencesQuerySchema,
  differencesSchema,
  recordParamsSchema,
  revisionHistoryQuerySchema,
  revisionSchema,
  revisionsInRangeQuerySchema,
} from '../../contract/revisions';
import { envelope } from '../http/envelope';
import type { RecordKind } from '../db/record-kinds';
import type { RevisionsService } from './revisions.service';
import type { RelatedService } from './related.service';
import { relatedQuerySchema, relatedRecordSchema } from '../../contract/case-related';
import { recordKindTable } from '../../contract/record-kinds';

const signedIn = { access: 'signed-in' } as const;
const errors = errorResponses(400, 401, 404);
const revisionPage = envelopeOf(pageOf(revisionSchema));

/** The revisions of contacts (`/revision-account`) and cases (`/revision-case`), and their comparison. */
export async function revisionRoutes(
  app: FastifyInstance,
  { revisions, related }: { revisions: RevisionsService; related: RelatedService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const recordRoutes = (kind: RecordKind, base: string, inRangePath: string, noun: string) => {
    r.get(
      `${base}/:id/${inRangePath}`,
      {
        config: signedIn,
        schema: {
          tags: ['revisions'],
          summary: `The ${noun} version in effect at dateFrom, then at dateTo when different; none when the ${noun} had no revision yet at dateTo (404 for an unknown ${noun})`,
          params: recordParamsSchema,
          querystring: revisionsInRangeQuerySchema,
          response: { 200: revisionPage, ...errors },
        },
      },
      async (request) => envelope(await revisions.inRange(kind, request.params.id, request.query)),
    );

    r.get(
      `${base}/fields`,
      {
        config: signedIn,
        schema: {
          tags: ['revisions'],
          summary: `The ${noun} fields kept beyond the screen's sections, with the org's labels, in describe's order`,
          response: { 200: envelopeOf(crmFieldsSchema), ...errorResponses(401) },
        },
      },
      async () => envelope(await revisions.otherFields(kind)),
    );

    r.get(
      `${base}/:id/history`,
      {
        config: signedIn,
        schema: {
          tags: ['revisions'],
          summary: `Every revision of the ${noun}, newest first`,
          params: recordParamsSchema,
          querystring: revisionHistoryQuerySchema,
          response: { 200: revisionPage, ...errors },
        },
      },
      async (request) => envelope(await revisions.history(kind, request.params.id, request.query)),
    );
  };

  const account = recordKindTable.account.api;
  const cases = recordKindTable.case.api;
  recordRoutes('account', account.revisions, account.versions, 'contact');
  recordRoutes('case', cases.revisions, cases.versions, 'case');

  r.get(
    `${cases.revisions}/:id/related`,
    {
      config: signedIn,
      schema: {
        tags: ['revisions'],
        summary:
          "The case's e-mails and comments that existed at some time from dateFrom to dateTo (Europe/Rome days, both " +
          'included; the whole history without them), each as it stood at dateTo, newest savedAt first, with what ' +
          'happened to it in the range (404 for an unknown case)',
        params: recordParamsSchema,
        querystring: relatedQuerySchema,
        response: { 200: envelopeOf(pageOf(relatedRecordSchema)), ...errors },
      },
    },
    async (request) => envelope(await related.related(request.params.id, request.query)),
  );

  r.get(
    `${account.revisions}/differences`,
    {
      config: signedIn,
      schema: {
        tags: ['revisions'],
        summary: 'The fields that differ between two revisions of one contact',
        querystring: accountDifferencesQuerySchema,
        response: { 200: envelopeOf(differencesSchema), ...errors },
      },
    },
    async (request) =>
      envelope(
        await revisions.differences(
          'account',
          request.query.firstRevisionAccountID,
          request.query.secondRevisionAccountID,
          ['firstRevisionAccountID', 'secondRevisionAccountID'],
        ),
      ),
  );

  r.get(
    `${cases.revisions}/differences`,
    {
      config: signedIn,
      schema: {
        tags: ['revisions'],
        summary: 'The fields that differ between two revisions of one case',
        querystring: caseDifferencesQuerySchema,
        response: { 200: envelopeOf(differencesSchema), ...errors },
      },
    },
    async (request) =>
      envelope(
        await revisions.differences(
          'case',
          request.query.firstRevisionCaseID,
          request.query.secondRevisionCaseID,
          ['firstRevisionCaseID', 'secondRevisionCaseID'],
        ),
      ),
  );
}
