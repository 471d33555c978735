import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { linesOf } from './support/layout';
import { claimContact, contactDetailPath, type Page0 } from './support/restore-targets';
import { signInAsNewAdmin } from './support/session';
import { adminApiToken, call, type Envelope } from './support/users';

/** A desktop, a tablet in landscape and one upright (docs/product.md#screen-sizes-and-touch). */
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'tablet landscape', viewport: { width: 1024, height: 768 } },
  { name: 'tablet portrait', viewport: { width: 768, height: 1024 } },
] as const;

/** The whole demo history up to today: the demo's sandbox deletes a few records when it first starts. */
const RANGE = {
  dateFrom: '2024-01-01',
  dateTo: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()),
};
const typed = (day: string) => day.split('-').reverse().join('/');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Agent = { id: string; username: string };
type ContactRow = { id: string; deletedAt: string | null; mergedInto: string | null };

/** Whether `inner`'s box lies wholly inside `outer`'s (nothing of it clipped or scrolled away). */
const inside = async (inner: Locator, outer: Locator) => {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) throw new Error('not laid out');
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
};

/** What a frame hides sideways: its content's width beyond its own (0 when all of it is in view). */
const overflowOf = (locator: Locator) =>
  locator.evaluate((element) => Math.max(0, element.scrollWidth - element.clientWidth));

/**
 * The screens an agent works in all day, at the three widths: values on one line, nothing hidden sideways, the
 * side menu out of the page's way and its labels on one line.
 */
describe('layout at 1440, 1024 and 768 px', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** An agent with contacts changed in RANGE, one of them deleted in the CRM. */
  let agent: Agent;
  let contactId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = adminApiToken();
    const range = `dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`;
    const agents = await call<Envelope<Agent[]>>('/sf-user/?isPaged=false', { token });
    for (const candidate of agents.body.data.query) {
      const rows = await call<Envelope<Page0<ContactRow>>>(
        `/sf-user/${candidate.id}/sf-account?page=0&size=10&deleted=true&${range}`,
        { token },
      );
      // A merged one first: the files that restore deleted contacts leave those alone.
      const deleted = rows.body.data.query.content
        .filter((row) => row.deletedAt)
        .sort((a, b) => Number(b.mergedInto !== null) - Number(a.mergedInto !== null))
        .find((row) => claimContact(row.id));
      if (deleted) {
        [agent, contactId] = [candidate, deleted.id];
        break;
      }
    }
    expect(contactId, 'an agent with a contact deleted in the CRM').toBeDefined();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  const search = async (page: Page, deletedOnly: boolean) => {
    await page.goto('/contatti/contatti');
    await page.getByRole('combobox', { name: 'Agente' }).click();
    await page.getByPlaceholder('Cerca un agente').fill(agent.username);
    await page.getByRole('option', { name: new RegExp(escape(agent.username)) }).click();
    await page.getByLabel('Da', { exact: true }).fill(typed(RANGE.dateFrom));
    await page.getByLabel('A', { exact: true }).fill(typed(RANGE.dateTo));
    await page.getByLabel('Solo eliminati').setChecked(deletedOnly);
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page
      .getByRole('button', { name: /^Mostra le versioni di / })
      .first()
      .waitFor();
  };

  it.each(WIDTHS)('on a $name', async ({ viewport }) => {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport,
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    const page = await context.newPage();
    await signInAsNewAdmin(page);
    const problems: string[] = [];
    const expectOneLine = async (locator: Locator, what: string) => {
      const lines = await linesOf(locator);
      if (lines !== 1) problems.push(`${what} takes ${lines} lines`);
    };

    // The side menu: beside the page only from 1280 px, a drawer below; each label on one line.
    const menu = page.locator('#side-menu');
    if (viewport.width < 1280) {
      expect(await menu.isVisible(), 'the menu is closed beside the page').toBe(false);
      await page.getByRole('button', { name: 'Apri il menu' }).click();
    }
    await menu.waitFor();
    for (const link of await menu.getByRole('link').all())
      await expectOneLine(link, `menu entry '${await link.textContent()}'`);
    if (viewport.width < 1280) await page.keyboard.press('Escape');

    // Phone numbers and e-mails whole on one line in the results.
    await search(page, false);
    const results = page.getByRole('table', { name: 'Risultati della ricerca' });
    const headers = await results.getByRole('columnheader').allTextContents();
    for (const [column, name] of [
      [headers.indexOf('Telefono'), 'a phone number'],
      [headers.indexOf('Email'), 'an e-mail address'],
    ] as const) {
      expect(column, name).toBeGreaterThan(0);
      for (const cell of await results.locator(`tbody tr td:nth-child(${column + 1})`).all())
        if ((await cell.textContent())?.trim())
          await expectOneLine(cell, `${name} (${await cell.textContent()})`);
    }
    expect(await overflowOf(results.locator('xpath=..')), 'results hidden sideways').toBe(0);
    // The whole of a cut address shows on focus.
    const email = results.getByTestId('cut-value').first();
    await email.focus();
    expect(await email.evaluate((element) => getComputedStyle(element, '::after').content)).toBe(
      `"${await email.textContent()}"`,
    );
    expect(await email.evaluate((element) => getComputedStyle(element, '::after').display)).toBe('block');

    // An expanded row keeps 'Solo differenze' and both 'Copia JSON' in the table's frame.
    await page
      .getByRole('button', { name: /^Mostra le versioni di / })
      .first()
      .click();
    const frame = results.locator('xpath=..');
    const comparison = results.getByTestId('comparison');
    await comparison.waitFor();
    for (const [control, name] of [
      [comparison.getByText('Solo differenze', { exact: true }), "'Solo differenze'"],
      [comparison.getByTestId('copy-left-json'), "the left 'Copia JSON'"],
      [comparison.getByTestId('copy-right-json'), "the right 'Copia JSON'"],
    ] as const)
      if (!(await inside(control, frame))) problems.push(`${name} is out of the table's frame`);

    // A deleted contact's pill on one line (the list of 'Solo eliminati' once it has replaced the other).
    await search(page, true);
    const pill = results.locator('[data-mark="deleted"]').first();
    await pill.waitFor();
    await expectOneLine(pill, 'the pill of a deleted contact');

    // The detail screen's two versions: nothing of either column hidden sideways, the page not wider than the window.
    await page.goto(contactDetailPath(contactId, agent.id, RANGE));
    await page.getByTestId('right-heading').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    for (const column of await page.getByTestId('comparison').locator('dl, dd').all())
      if ((await overflowOf(column)) > 0) problems.push('a column of the detail screen overflows');

    // The audit filter: the action's whole placeholder in its box, 'Da' and 'A' on one row.
    await page.goto('/gestione_audit');
    const action = page.getByLabel('Azione', { exact: true });
    await action.waitFor();
    const clipped = await action.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width > room;
    });
    if (clipped) problems.push("the action filter's placeholder is clipped");
    const [from, to] = [
      await page.getByLabel('Da', { exact: true }).boundingBox(),
      await page.getByLabel('A', { exact: true }).boundingBox(),
    ];
    if (from?.y !== to?.y) problems.push("'Da' and 'A' are on different rows");
    expect(problems).toEqual([]);
  });
});
