import type { FastifyInstance } from 'fastify';

/**
 * API versions served, oldest first: Salesforce serves every version from 31.0 (Summer '14) to the current one
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_versions.htm).
 */
export const SANDBOX_API_VERSIONS = Array.from({ length: 62 - 31 + 1 }, (_, i) => `${31 + i}.0`);
const SEASONS = ['Spring', 'Summer', 'Winter'] as const;

/** The release name of an API version: 31.0 is Summer '14, three releases a year. */
const versionLabel = (version: string) => {
  const n = Number.parseFloat(version) - 31;
  const season = SEASONS[(n + 1) % 3]!;
  const year = 14 + Math.floor((n + 1) / 3) + (season === 'Winter' ? 1 : 0);
  return `${season} '${String(year).padStart(2, '0')}`;
};

/** The list of versions, which needs no session and does not count against the API limit. */
export function versionRoutes(app: FastifyInstance): void {
  const versions = async () =>
    SANDBOX_API_VERSIONS.map((version) => ({
      label: versionLabel(version),
      url: `/services/data/v${version}`,
      version,
    }));
  app.get('/services/data', versions);
  app.get('/services/data/', versions);
}
