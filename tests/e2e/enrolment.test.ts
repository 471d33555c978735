import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseInMenu } from './support/menu';
import { launchBrowser } from './support/browser';
import { authenticator } from './support/one-time-codes';
import { createAdmin } from './support/users';

const baseUrl = inject('baseUrl');
/** A tablet in landscape: the side menu is open, and every screen must work from 768 px. */
const viewport = { width: 1024, height: 768 };

/** Signs in on the sign-in screen (opening it unless it shows already) and waits for `landing`. */
async function signIn(page: Page, { username, password, code, landing = '/contatti/contatti' }: SignInAs) {
  if (new URL(page.url()).pathname !== '/signIn') await page.goto('/signIn');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: 'Codice di verifica' }).waitFor();
  // One box per digit; the sixth digit signs in.
  await page.getByLabel('Codice a 6 cifre', { exact: true }).pressSequentially(await code());
  await page.getByText('Accesso effettuato con successo').first().waitFor();
  await page.waitForURL((url) => url.pathname === landing);
}
type SignInAs = { username: string; password: string; code: () => Promise<string>; landing?: string };

describe('enrolment of a new user, from the admin to their first sign-in', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('creates a user, sends the QR, enrols, signs in, changes the password and signs out', async () => {
    const crashes: string[] = [];
    const username = `e2e.nuovo.${Date.now().toString(36)}`;
    const password = 'Prima-Password-1!';
    const newPassword = 'Seconda-Password-2?';

    // The administrator signs in and creates the user.
    const admin = await (await newContext()).newPage();
    admin.on('pageerror', (error) => crashes.push(error.message));
    const administrator = await createAdmin();
    await signIn(admin, { ...administrator, code: administrator.codes.nextCode });
    await chooseInMenu(admin, 'Gestione utenti');
    await admin.getByRole('heading', { name: 'Gestione utenti', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Crea utente' }).click();
    const createDialog = admin.getByRole('dialog', { name: 'Crea utente' });
    await createDialog.getByLabel('Username', { exact: true }).fill(username);
    await createDialog.getByLabel('Email', { exact: true }).fill(`${username}@example.it`);
    await createDialog.getByLabel('Password', { exact: true }).fill(password);
    await createDialog.getByRole('combobox', { name: 'Ruolo' }).click();
    await admin.getByRole('option', { name: 'User Rana' }).click();
    await createDialog.getByRole('button', { name: 'Crea utente' }).click();
    await admin.getByText('Utente creato con successo').waitFor();
    await createDialog.waitFor({ state: 'detached' });

    // 'Invia QR' on the new user's row gives the enrolment link.
    await admin.getByLabel('Cerca utenti', { exact: true }).fill(username);
    const row = admin.getByRole('row').filter({ hasText: username });
    await expect.poll(() => admin.getByRole('table').getByRole('row').count()).toBe(2);
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('User Rana');
    await row.getByRole('button', { name: `Azioni per ${username}` }).click();
    await admin.getByRole('menuitem', { name: 'Invia QR' }).click();
    const qrDialog = admin.getByRole('dialog', { name: `Invia QR a ${username}` });
    await qrDialog.getByRole('button', { name: 'Genera link' }).click();
    const link = await qrDialog.getByLabel('Link di configurazione', { exact: true }).inputValue();
    // No SMTP server in this test: the screen says the link must be passed on by hand.
    await qrDialog
      .getByText("Il link non è stato inviato per email: copialo e invialo all'utente.")
      .waitFor();
    const token = new URL(link).pathname.replace(/^\/2fa\//, '');
    await admin.keyboard.press('Escape');
    await qrDialog.waitFor({ state: 'detached' });
    expect(token).toMatch(/^[\w-]{20,}$/);

    // The new user opens the link on their own device: a QR code and the secret to type in by hand.
    const device = await newContext();
    const page = await device.newPage();
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.goto(`/2fa/${token}`);
    const qr = page.getByRole('img', { name: "Codice QR per configurare l'app di autenticazione" });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([300, 300]);
    const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Typed in by hand four letters at a time: the groups wrap whole, and no line holds a group alone.
    const groupsPerLine = await page.getByTestId('totp-secret').evaluate((code) => {
      const text = code.firstChild!;
      const lines = new Map<number, number>();
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = range.getClientRects();
        if (rects.length !== 1) return [-1];
        const top = Math.round(rects[0]!.top);
        lines.set(top, (lines.get(top) ?? 0) + 1);
      }
      return [...lines.values()];
    });
    expect(Math.min(...groupsPerLine)).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Copia codice' }).click();
    await page.getByText('Codice copiato').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // They sign in with the code their authenticator computes from that secret.
    const phone = authenticator(secret);
    await signIn(page, { username, password, code: phone.nextCode });
    await expect(page.getByTestId('current-user').textContent()).resolves.toBe(`${username}User Rana`);

    // Changing the password ends every session: sign-in shows again, the new password works and the user is back
    // where they were.
    await chooseInMenu(page, 'Impostazioni');
    await page.getByLabel('Password attuale', { exact: true }).fill(password);
    await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
    await page.getByLabel('Conferma nuova password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Password modificata con successo').waitFor();
    await page.waitForURL('**/signIn');
    await signIn(page, { username, password: newPassword, code: phone.nextCode, landing: '/impostazioni' });

    // An administrator sets a third password, which ends the user's session: their next call gets 401, and the
    // app says so, forgets the session and shows sign-in.
    const thirdPassword = 'Terza-Password-3#';
    await row.getByRole('button', { name: `Azioni per ${username}` }).click();
    await admin.getByRole('menuitem', { name: 'Cambia password' }).click();
    const passwordDialog = admin.getByRole('dialog', { name: `Cambia la password di ${username}` });
    await passwordDialog.getByLabel('Password', { exact: true }).fill(thirdPassword);
    await passwordDialog.getByLabel('Conferma password', { exact: true }).fill(thirdPassword);
    await passwordDialog.getByRole('button', { name: 'Salva' }).click();
    await admin.getByText('Password modificata con successo').waitFor();
    await page.getByLabel('Password attuale', { exact: true }).fill(newPassword);
    await page.getByLabel('Nuova password', { exact: true }).fill('Quarta-Password-4$');
    await page.getByLabel('Conferma nuova password', { exact: true }).fill('Quarta-Password-4$');
    await page.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText("Non hai effettuato l'accesso").waitFor();
    await page.waitForURL('**/signIn');
    expect((await device.cookies()).some((c) => c.name === 'AUTH_CRED')).toBe(false);
    await signIn(page, { username, password: thirdPassword, code: phone.nextCode, landing: '/impostazioni' });

    // 'Esci' ends the session on the server too, forgets the search data and shows sign-in.
    const cookie = (await device.cookies()).find((c) => c.name === 'AUTH_CRED');
    expect(cookie?.sameSite).toBe('Strict');
    await page.evaluate(() => sessionStorage.setItem('storico-search', '{"agent":1}'));
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL('**/signIn');
    await page.getByRole('heading', { name: /Accedi a Storico/ }).waitFor();
    expect((await device.cookies()).some((c) => c.name === 'AUTH_CRED')).toBe(false);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const reuse = await device.request.post(`${baseUrl}/api/v3/auth/logout`, {
      headers: { Authorization: `Bearer ${cookie?.value}` },
    });
    expect(reuse.status()).toBe(401);

    // The link was used by the first sign-in: opening it again says so.
    await page.goto(`/2fa/${token}`);
    await page
      .getByText(
        'Il link è scaduto o è già stato usato. Chiedi a un amministratore di inviarti un nuovo codice QR.',
      )
      .waitFor();
    expect(crashes).toEqual([]);
  });
});
