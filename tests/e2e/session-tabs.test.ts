import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { signInTypingCode } from './support/session';
import { adminApiToken, call, createUser } from './support/users';

describe('one session in several tabs of a browser', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('follows a role and name an administrator changed, from the next call on and after a reload', async () => {
    const token = adminApiToken();
    const user = await createUser(token, 'USER_RANA');
    const context = await browser.newContext({ baseURL: baseUrl });
    try {
      const page = await context.newPage();
      await signInTypingCode(page, user);
      const header = page.getByRole('banner');
      await header.getByText('User Rana').waitFor();
      const changed = await call(`/user/${user.id}`, {
        method: 'PUT',
        token,
        body: JSON.stringify({
          username: `${user.username}-è`,
          email: `${user.username}@example.it`,
          role: { name: 'USER_STORICO' },
        }),
      });
      expect(changed.status).toBe(200);

      await page.getByRole('link', { name: 'Impostazioni' }).click();
      await header.getByText('User Storico').waitFor();
      await header.getByText(`${user.username}-è`).waitFor();
      await page.getByRole('link', { name: 'Gestione' }).first().waitFor();
      await page.reload();
      await header.getByText('User Storico').waitFor();
      await header.getByText(`${user.username}-è`).waitFor();
    } finally {
      await context.close();
    }
  });

  it("'Esci' in one tab signs the others out at once, saying why", async () => {
    const token = adminApiToken();
    const user = await createUser(token, 'USER_STORICO');
    const context = await browser.newContext({ baseURL: baseUrl });
    try {
      const first = await context.newPage();
      await signInTypingCode(first, user);
      const second = await context.newPage();
      await second.goto('/impostazioni');
      await second.getByRole('heading', { name: 'Impostazioni' }).waitFor();

      await first.getByRole('button', { name: 'Esci' }).click();
      await expect.poll(() => new URL(first.url()).pathname).toBe('/signIn');
      await expect.poll(() => new URL(second.url()).pathname).toBe('/signIn');
      await second.getByText("Sei uscito da Storico in un'altra scheda").waitFor();
    } finally {
      await context.close();
    }
  });
});
