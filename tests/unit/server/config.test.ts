import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'storico-config-'));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('runs the demo with defaults when nothing is set, generating secrets once and keeping them', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({ port: 8080, demo: true, productCode: 'STORICO', databaseUrl: undefined });
    expect(first.crm.loginUrl).toBe('http://127.0.0.1:8090');
    expect(first.sandboxCrm).toEqual({ port: 8090, editsEverySeconds: 0, recycleBinDays: 15 });
    expect(first.secretsKey).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretsKey.equals(first.secretsKey)).toBe(true);
  });

  it('lists every problem at once outside demo mode', () => {
    const problems = problemsOf({
      DATA_DIR: dataDir(),
      SF_LOGIN_URL: 'https://login.example.com',
      PORT: 'eighty',
    });
    expect(problems).toEqual([expect.stringMatching(/^PORT:/)]);
    const missing = problemsOf({ DATA_DIR: dataDir(), SF_LOGIN_URL: 'https://login.example.com' });
    expect(missing).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^JWT_SECRET: required/),
        expect.stringMatching(/^SECRETS_KEY: required/),
        expect.stringMatching(/SF_CLIENT_ID/),
      ]),
    );
  });

  it("reads the heap growth, 50% unless set, 0 for V8's own, refusing others by name", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).heapGrowthPercent).toBe(50);
    expect(loadConfig({ DATA_DIR: dataDir(), HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), HEAP_GROWTH_PERCENT: '100' }).heapGrowthPercent).toBe(100);
    for (const bad of ['-1', '401', '12.5', 'half'])
      expect(problemsOf({ DATA_DIR: dataDir(), HEAP_GROWTH_PERCENT: bad })).toEqual([
        expect.stringMatching(/^HEAP_GROWTH_PERCENT: /),
      ]);
  });

  it('reads the four-eyes cooldown, 30 days unless set, 0 to turn it off, refusing others by name', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).fourEyesCooldownDays).toBe(30);
    expect(loadConfig({ DATA_DIR: dataDir(), FOUR_EYES_COOLDOWN_DAYS: '0' }).fourEyesCooldownDays).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), FOUR_EYES_COOLDOWN_DAYS: '365' }).fourEyesCooldownDays).toBe(
      365,
    );
    for (const bad of ['-1', '366', '1.5', 'soon'])
      expect(problemsOf({ DATA_DIR: dataDir(), FOUR_EYES_COOLDOWN_DAYS: bad })).toEqual([
        expect.stringMatching(/^FOUR_EYES_COOLDOWN_DAYS: /),
      ]);
  });

  it('reads the mass-change watch thresholds and the sandbox burst, refusing bad ones by name', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).watch).toEqual({
      minRecords: 50,
      share: 0.05,
      shareMin: 10,
      windowMinutes: 60,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      WATCH_MIN_RECORDS: '200',
      WATCH_SHARE: '0.1',
      WATCH_SHARE_MIN: '25',
      WATCH_WINDOW_MIN: '15',
      SANDBOX_CRM_BURST: 'mario.rossi@storico-demo.it:80',
    });
    expect(set.watch).toEqual({ minRecords: 200, share: 0.1, shareMin: 25, windowMinutes: 15 });
    expect(set.sandboxCrm?.burst).toEqual({ username: 'mario.rossi@storico-demo.it', count: 80 });
    const problems = problemsOf({
      DATA_DIR: dataDir(),
      WATCH_SHARE: '5',
      WATCH_MIN_RECORDS: 'many',
      SANDBOX_CRM_BURST: 'mario',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^SANDBOX_CRM_BURST:/),
      expect.stringMatching(/^WATCH_MIN_RECORDS:/),
      expect.stringMatching(/^WATCH_SHARE:/),
    ]);
  });

  it('asks Salesforce for smaller query pages on the embedded database, within the documented 200 to 2,000', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sfQueryBatchSize).toBe(200);
    const postgres = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/storico' };
    expect(loadConfig(postgres).sfQueryBatchSize).toBe(2000);
    expect(loadConfig({ ...postgres, SF_QUERY_BATCH_SIZE: '500' }).sfQueryBatchSize).toBe(500);
    expect(problemsOf({ DATA_DIR: dataDir(), SF_QUERY_BATCH_SIZE: '100' })).toEqual([
      'SF_QUERY_BATCH_SIZE: must be 200 to 2000',
    ]);
  });

  it('reads the re-create key field, none unless set, refusing anything but a custom field name', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sfRecreateKeyField).toBeUndefined();
    for (const name of ['Storico_Original_Id__c', 'acme__Original_Id__c'])
      expect(loadConfig({ DATA_DIR: dataDir(), SF_RECREATE_KEY_FIELD: name }).sfRecreateKeyField).toBe(name);
    for (const bad of ['Original_Id', 'Name', "Key__c' OR Id != null", 'Key__c/x', 'Key___c', '_Key__c'])
      expect(problemsOf({ DATA_DIR: dataDir(), SF_RECREATE_KEY_FIELD: bad })).toEqual([
        expect.stringMatching(/^SF_RECREATE_KEY_FIELD: must be the API name of a custom field/),
      ]);
  });

  it('refuses a malformed SECRETS_KEY and names the variable', () => {
    expect(problemsOf({ DATA_DIR: dataDir(), SECRETS_KEY: 'short' })).toEqual([
      expect.stringMatching(/^SECRETS_KEY:/),
    ]);
  });

  it('uses the configured Salesforce org and turns on transport security for an https PUBLIC_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SF_LOGIN_URL: 'https://login.example.com',
      SF_CLIENT_ID: 'id',
      SF_CLIENT_SECRET: 'secret',
      JWT_SECRET: 'x'.repeat(40),
      SECRETS_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://storico.example.com/',
      DATABASE_URL: 'postgres://u@db:5432/storico',
    });
    expect(config).toMatchObject({
      demo: false,
      sandboxCrm: undefined,
      crm: { loginUrl: 'https://login.example.com', clientId: 'id', clientSecret: 'secret' },
      publicUrl: 'https://storico.example.com',
      secureTransport: true,
      databaseUrl: 'postgres://u@db:5432/storico',
    });
  });
});
