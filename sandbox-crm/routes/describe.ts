import type { FastifyInstance } from 'fastify';
import type { SandboxOrg } from '../org';
import { NOT_FOUND } from '../records/record-errors';
import { isSandboxObject, KEY_PREFIXES, SANDBOX_OBJECTS } from '../sandbox-schema';
import { apiVersion, sendErrors } from './answers';

/** Describe Global and sObject Describe: the org's objects, and each one's fields and record types. */
export function describeRoutes(app: FastifyInstance, { records }: SandboxOrg): void {
  // Describe Global: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_describeGlobal.htm
  app.get('/services/data/:version/sobjects', async (request) => {
    const v = apiVersion(request.params);
    return {
      encoding: 'UTF-8',
      maxBatchSize: 200,
      sobjects: SANDBOX_OBJECTS.map((name) => ({
        name,
        label: name,
        keyPrefix: KEY_PREFIXES[name],
        custom: false,
        queryable: true,
        retrieveable: true,
        updateable: name !== 'Contact',
        createable: name !== 'Contact',
        deletable: name !== 'Contact',
        urls: {
          sobject: `/services/data/v${v}/sobjects/${name}`,
          describe: `/services/data/v${v}/sobjects/${name}/describe`,
          rowTemplate: `/services/data/v${v}/sobjects/${name}/{ID}`,
        },
      })),
    };
  });

  // sObject Describe: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm
  app.get('/services/data/:version/sobjects/:type/describe', async (request, reply) => {
    const { type } = request.params as { type: string };
    if (!isSandboxObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    const v = apiVersion(request.params);
    return {
      name: type,
      label: type,
      keyPrefix: KEY_PREFIXES[type],
      custom: false,
      queryable: true,
      updateable: type !== 'Contact',
      fields: records.schema.fields(type),
      recordTypeInfos: records
        .all('RecordType')
        .filter((rt) => rt.SobjectType === type)
        .map((rt) => ({
          name: rt.Name,
          developerName: rt.DeveloperName,
          recordTypeId: rt.Id,
          available: true,
          defaultRecordTypeMapping: false,
          master: false,
        })),
      urls: { describe: `/services/data/v${v}/sobjects/${type}/describe` },
    };
  });
}
