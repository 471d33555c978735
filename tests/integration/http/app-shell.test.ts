import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

const SHELL = '<!doctype html><html lang="it"><body><div id="root"></div></body></html>';
/** What Chromium sends on a navigation. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

/** How the server answers a browser's navigations: the app shell for every client route, `/` included. */
describe('the app shell', () => {
  let t: TestApp;

  beforeAll(async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'storico-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), SHELL);
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { deps: { distDir } });
  });
  afterAll(() => t.close());

  const get = (url: string, accept = BROWSER_ACCEPT, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { accept } });

  it.each(['/', '/?source=pwa', '/signIn', '/contatti/contatti', '/casi/123', '/2fa/some-token', '/nope'])(
    'answers a navigation to %s with the HTML shell, never cached',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(SHELL);
    },
  );

  it('answers the root with the shell whatever the Accept header says, and to HEAD', async () => {
    expect((await get('/', '*/*')).body).toBe(SHELL);
    const head = await get('/', BROWSER_ACCEPT, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a client route with the shell to a caller taking anything (curl sends */*), or saying nothing', async () => {
    for (const accept of ['*/*', '']) {
      const res = await get('/signIn', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.body, accept).toBe(SHELL);
    }
  });

  it('serves built assets as immutable and answers a missing one, the API and non-HTML calls with 404', async () => {
    const asset = await get('/assets/index-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const [url, accept] of [
      ['/assets/missing.js', BROWSER_ACCEPT],
      ['/api/v3/nope', BROWSER_ACCEPT],
      ['/contatti/contatti', 'application/json'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, status: 'NOT_FOUND' });
    }
  });
});
