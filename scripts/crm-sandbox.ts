import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { DEFAULT_DEMO_COUNTS, DEFAULT_DEMO_SEED, generateDemoData } from '../sandbox-crm/demo/demo-data';
import { fillGeneratedFields } from '../sandbox-crm/demo/demo-custom-fields';
import { currentState, startSandboxCrm } from '../sandbox-crm/sandbox-crm';
import { generatedFields } from '../sandbox-crm/sandbox-schema';
import { ConfigError, loadConfig, parseBurstSpec } from '../server/config/config';
import { runSandboxBurst } from '../server/crm/sandbox-burst';
import { writeDemoHistory } from '../server/sync/demo-history';

const usage = `Usage: npm run crm:sandbox -- [options]
  --port N          port (default SANDBOX_CRM_PORT, 8090; 0 = any free port)
  --edits S         edit a few records every S seconds (default SANDBOX_CRM_EDITS_S; 0 = never)
  --seed N          demo data seed (default ${DEFAULT_DEMO_SEED})
  --users N --accounts N --cases N   dataset size (default ${DEFAULT_DEMO_COUNTS.users} / ${DEFAULT_DEMO_COUNTS.accounts} / ${DEFAULT_DEMO_COUNTS.cases})
  --history FILE    also write the earlier versions as NDJSON, for npm run import
  --changes FILE    keep changes (PATCH, edits) in FILE across restarts
  --burst U:N       at start, agent U (username, or the part before @) edits N contacts at once: a mass change
                    the next Storico sync raises an alert for (default SANDBOX_CRM_BURST)
  --key-field NAME  give Account and Case a Text(18) External ID, Unique custom field NAME, as an org set up for
                    Storico's re-create key has (default SF_RECREATE_KEY_FIELD)
  --audit-fields-on-create
                    the integration user has "Set Audit Fields upon Record Creation": a create may set CreatedDate,
                    CreatedById, LastModifiedDate and LastModifiedById, an update or upsert never
  --fields N        N custom fields more on Account and Case (Extra_001__c, ...; every tenth a Long Text Area), as an
                    org with hundreds of fields has
  --jwt-public-key FILE
                    the connected app's certificate key (PEM) for the JWT bearer flow: an assertion signed by its
                    private key, for the user integrazione@storico-demo.it, gives a token
The client id and secret are sandbox / sandbox.`;

/**
 * `npm run crm:sandbox`: the sandbox CRM on its own, for trying the connector or a second Storico instance, with
 * Storico's settings (SANDBOX_CRM_*, SF_RECREATE_KEY_FIELD, LOG_LEVEL) and the demo history as Storico imports it.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      edits: { type: 'string' },
      seed: { type: 'string' },
      users: { type: 'string' },
      accounts: { type: 'string' },
      cases: { type: 'string' },
      history: { type: 'string' },
      changes: { type: 'string' },
      burst: { type: 'string' },
      'key-field': { type: 'string' },
      'audit-fields-on-create': { type: 'boolean' },
      fields: { type: 'string' },
      'jwt-public-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const number = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const started = Date.now();
  const data = generateDemoData({
    seed: number(values.seed),
    counts: {
      users: number(values.users) ?? DEFAULT_DEMO_COUNTS.users,
      accounts: number(values.accounts) ?? DEFAULT_DEMO_COUNTS.accounts,
      cases: number(values.cases) ?? DEFAULT_DEMO_COUNTS.cases,
    },
  });
  if (values.history) {
    const { lines } = await writeDemoHistory(data, path.resolve(values.history));
    log.info({ file: values.history, lines }, 'demo history written');
  }
  const state = currentState(data);
  const extra = generatedFields(number(values.fields) ?? 0);
  if (extra.length > 0) fillGeneratedFields([...state.accounts, ...state.cases], extra);
  const sandbox = await startSandboxCrm({
    state,
    port: number(values.port) ?? config.sandboxCrm?.port ?? 8090,
    editsEverySeconds: number(values.edits) ?? config.sandboxCrm?.editsEverySeconds ?? 0,
    recycleBinDays: config.sandboxCrm?.recycleBinDays,
    externalIdField: values['key-field'] ?? config.sfRecreateKeyField,
    auditFieldsOnCreate: values['audit-fields-on-create'] ?? false,
    generatedFields: extra.length,
    jwtPublicKey: values['jwt-public-key']
      ? readFileSync(path.resolve(values['jwt-public-key']), 'utf8')
      : undefined,
    changeLog: values.changes ? path.resolve(values.changes) : undefined,
    logger: log,
  });
  const burst = values.burst ? parseBurstSpec(values.burst) : config.sandboxCrm?.burst;
  if (values.burst && !burst) throw new Error(`--burst: expected AGENT_USERNAME:COUNT, got ${values.burst}`);
  if (burst) {
    const { agentId, edited } = runSandboxBurst(sandbox.records, burst);
    log.info(
      { agent: burst.username, agentId, records: edited.length },
      'sandbox CRM burst: one agent edited many contacts',
    );
  }
  log.info(
    { url: sandbox.url, ms: Date.now() - started, clientId: 'sandbox', clientSecret: 'sandbox' },
    'sandbox CRM listening',
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
