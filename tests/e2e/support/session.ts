import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { createAdmin } from './users';

type Codes = { nextCode(): Promise<string> };

/** Signs in through the screens with the user's next unspent one-time code. */
export async function signInThroughScreens(
  page: Page,
  user: { username: string; password: string; codes: Codes },
): Promise<void> {
  await page.goto('/signIn');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const code = page.getByLabel('Codice a 6 cifre');
  await code.waitFor();
  await code.fill(await user.codes.nextCode());
  await page.waitForURL('**/contatti/contatti', { timeout: 20_000 });
}

/** Signs in on the sign-in screen, typing the code of the user's own authenticator. */
export async function signInTypingCode(
  page: Page,
  user: { username: string; password: string; codes: Codes },
): Promise<void> {
  await page.goto('/signIn');
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: 'Codice di verifica' }).waitFor();
  await page.getByLabel('Codice a 6 cifre', { exact: true }).pressSequentially(await user.codes.nextCode());
  await page.waitForURL((url) => url.pathname === '/contatti/contatti');
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

/** Signs in through the screens as a new administrator, made for this page; answers who that is. */
export async function signInAsNewAdmin(page: Page): Promise<{ username: string }> {
  const admin = await createAdmin();
  await signInThroughScreens(page, admin);
  return admin;
}

/** A new page of the end-to-end server in a window of `viewport`, signed in as a new administrator. */
export async function adminPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport });
  const page = await context.newPage();
  await signInAsNewAdmin(page);
  return page;
}
