import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { contactDetailPath, contactToRestore, crmAccount, type Page0 } from './support/restore-targets';
import { signInTypingCode } from './support/session';
import { adminApiToken, call, createUser, type Envelope } from './support/users';

const baseUrl = inject('baseUrl');
const viewport = { width: 1024, height: 768 };

type RestoreRequest = { id: number; accountId: string; fields: string[] | null };

describe('restoring chosen fields in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** The contacts a restore request is open or done for: their revisions cannot be asked for again. */
  async function contactsWithRequests(token: string): Promise<string[]> {
    const ids: string[] = [];
    for (const status of ['PENDING', 'APPROVED']) {
      const page = await call<Envelope<Page0<RestoreRequest>>>(
        `/restore-account-request/?status=${status}&page=0&size=100`,
        { token },
      );
      ids.push(...page.body.data.query.content.map((r) => r.accountId));
    }
    return ids;
  }

  it('USER_RANA unticks fields on the contact detail and forces the restore: the CRM gets only the chosen one', async () => {
    const token = adminApiToken();
    const rana = await createUser(token, 'USER_RANA');
    const { agent, row, fields, target } = await contactToRestore(token, {
      skip: await contactsWithRequests(token),
      minFields: 2,
    });
    const before = await crmAccount(row.id);
    // A plain field is kept (an address would do as well, as one row); every other row is unticked.
    const kept = fields.find((field) => !field.endsWith('Address')) ?? fields[0]!;
    const left = fields.filter((field) => field !== kept);
    const differs = (field: string) => JSON.stringify(before[field]) !== JSON.stringify(target[field]);
    expect(differs(kept)).toBe(true);
    expect(left.some(differs)).toBe(true);

    context = await browser.newContext({ baseURL: baseUrl, viewport });
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await signInTypingCode(page, rana);
    await page.goto(contactDetailPath(row.id, agent.id));
    await page.getByRole('heading', { name: 'Dettaglio Contatto' }).waitFor();
    const force = page.getByRole('button', { name: 'Forza ripristino' });
    await expect.poll(() => force.isEnabled(), { timeout: 20_000 }).toBe(true);
    await force.click();

    const dialog = page.getByRole('dialog', { name: 'Per procedere al ripristino inserire il codice OTP' });
    const table = dialog.getByRole('table', { name: 'Campi da ripristinare' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    const listed = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-field')));
    expect(listed).toEqual(expect.arrayContaining(fields));
    // Each row: the latest stored value, then the value restored; every row ticked to start with.
    for (const field of listed) {
      const box = table.locator(`tr[data-field="${field}"]`).getByRole('checkbox');
      expect(await box.getAttribute('aria-checked')).toBe('true');
      if (field !== kept) await box.click();
    }
    await dialog.getByText(`Campi selezionati: 1 su ${listed.length}`).waitFor();

    // Nothing ticked cannot be confirmed.
    await table.locator(`tr[data-field="${kept}"]`).getByRole('checkbox').click();
    await dialog.getByText('Seleziona almeno un campo da ripristinare').waitFor();
    expect(await dialog.getByRole('button', { name: 'Forza ripristino' }).isDisabled()).toBe(true);
    await table.locator(`tr[data-field="${kept}"]`).getByRole('checkbox').click();

    await dialog.getByLabel('Codice OTP').pressSequentially(await rana.codes.nextCode());
    await page.getByText('Contatto ripristinato con successo').waitFor({ timeout: 30_000 });

    const after = await crmAccount(row.id);
    expect(after[kept] ?? null, kept).toEqual(target[kept] ?? null);
    for (const field of left) expect(after[field] ?? null, field).toEqual(before[field] ?? null);
    const approved = await call<Envelope<Page0<RestoreRequest>>>(
      '/restore-account-request/?status=APPROVED&page=0&size=100',
      { token },
    );
    expect(approved.body.data.query.content.find((r) => r.accountId === row.id)?.fields).toEqual([kept]);
    expect(crashes).toEqual([]);
  });
});
