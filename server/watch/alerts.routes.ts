import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertIdParamsSchema, alertListQuerySchema, alertSchema } from '../../contract/alerts';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { pageOf } from '../../contract/page';
import { rolesAllowed } from '../../contract/permissions';
import { callerOf } from '../http/caller';
import { envelope } from '../http/envelope';
import type { AlertsService } from './alerts.service';

const errors = errorResponses(400, 401, 403, 404);

/** Mass-change alerts: every signed-in role reads them, reviewers acknowledge them. */
export async function alertRoutes(
  app: FastifyInstance,
  { alerts, productCode }: { alerts: AlertsService; productCode: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/alert/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['alerts'],
        summary: 'Mass-change alerts, open or acknowledged, the latest window first',
        querystring: alertListQuerySchema,
        response: { 200: envelopeOf(pageOf(alertSchema)), ...errors },
      },
    },
    async (request) => envelope(await alerts.list(request.query)),
  );

  r.post(
    '/alert/:id/ack',
    {
      config: { access: rolesAllowed('acknowledgeAlerts', productCode) },
      schema: {
        tags: ['alerts'],
        summary: 'Acknowledge an alert (who and when are kept); 409 when already acknowledged',
        params: alertIdParamsSchema,
        response: { 200: envelopeOf(alertSchema), ...errors, ...errorResponses(409) },
      },
    },
    async (request) =>
      envelope(await alerts.acknowledge(request.params.id, callerOf(request)), 'Alert acknowledged'),
  );
}
