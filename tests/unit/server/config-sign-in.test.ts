import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/config';

const privateKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

describe('the sign-in flow in the configuration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storico-jwt-'));
  const keyFile = path.join(dir, 'server.key');
  writeFileSync(keyFile, privateKey());
  const base = {
    DATA_DIR: dir,
    JWT_SECRET: 'x'.repeat(32),
    SECRETS_KEY: '0'.repeat(64),
    SF_LOGIN_URL: 'https://storico.my.salesforce.com',
    SF_CLIENT_ID: 'consumer-key',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as { problems?: string[] }).problems ?? [String(error)];
    }
  };

  it('takes the JWT bearer flow with SF_USERNAME and SF_PRIVATE_KEY_FILE, its audience production by default', () => {
    const config = loadConfig({ ...base, SF_USERNAME: 'storico@acme.it', SF_PRIVATE_KEY_FILE: keyFile });
    expect(config.demo).toBe(false);
    expect(config.crm).toMatchObject({
      username: 'storico@acme.it',
      audience: 'https://login.salesforce.com',
    });
    expect(config.crm).not.toHaveProperty('clientSecret');
  });

  it('refuses both flows at once, a half-set JWT flow and an unreadable key, each in one line', () => {
    const both = problems({ ...base, SF_CLIENT_SECRET: 's', SF_USERNAME: 'u', SF_PRIVATE_KEY_FILE: keyFile });
    expect(both).toEqual([
      expect.stringMatching(/^SF_CLIENT_SECRET and SF_USERNAME\/SF_PRIVATE_KEY_FILE: choose one/),
    ]);
    expect(problems({ ...base, SF_USERNAME: 'u' })).toEqual([
      expect.stringContaining('the JWT bearer flow needs all four'),
    ]);
    expect(
      problems({ ...base, SF_USERNAME: 'u', SF_PRIVATE_KEY_FILE: path.join(dir, 'missing.key') }),
    ).toEqual([expect.stringMatching(/^SF_PRIVATE_KEY_FILE: .*missing\.key cannot be read \(ENOENT\)$/)]);
  });

  it('stays in demo mode only while none of the sign-in settings is set', () => {
    expect(loadConfig({ DATA_DIR: dir }).demo).toBe(true);
    expect(problems({ DATA_DIR: dir, SF_USERNAME: 'u' })).not.toEqual([]);
  });
});
