import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 });

/**
 * Signs in through the screens. The server accepts a code once per user, so when this user already signed in during
 * the current 30 s step (another test file), the code is refused and the next step is awaited.
 */
export async function signInThroughScreens(
  page: Page,
  user: { username: string; password: string; totpSecret: string },
): Promise<void> {
  const totp = totpOf(user.totpSecret);
  await page.goto('/signIn');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const code = page.getByLabel('Codice a 6 cifre');
  for (let attempt = 0; attempt < 3; attempt++) {
    await code.waitFor();
    await code.fill(totp.generate());
    const outcome = await Promise.race([
      page.waitForURL('**/contatti/contatti', { timeout: 15_000 }).then(() => 'in' as const),
      page
        .getByText('Il codice inserito non è corretto')
        .waitFor({ timeout: 15_000 })
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error(`could not sign in as ${user.username}`);
}

/** The bearer token of the context's session (the AUTH_CRED cookie). */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'AUTH_CRED');
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

/** Calls /api/v3 with a bearer token and returns `data.query`. */
export function apiClient(baseUrl: string, token: string) {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v3${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { query: T } }).data.query;
  };
}
