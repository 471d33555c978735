import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Agent } from '../../contract/agents';
import { launchBrowser } from './support/browser';
import { apiClient, sessionToken, signInAsNewAdmin } from './support/session';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 };
/** An upright tablet: the narrowest width every screen works at (docs/product.md#screen-sizes-and-touch). */
const TABLET = { width: 768, height: 1024 };

/** Holds every request matching `matches` until `release()`, as a slow network would. */
async function holdRequests(page: Page, matches: (url: URL) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => matches(url),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * How far each date field's placeholder overflows the room its field gives it (0 when it fits), measured with the
 * field's own font: a cut placeholder is no overflow the layout reports, so only drawing the text tells.
 */
function placeholderOverflow(page: Page, labels: string[]) {
  return page.evaluate((names) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    return Object.fromEntries(
      names.map((name) => {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent === name)!;
        const input = document.getElementById(label.htmlFor) as HTMLInputElement;
        const style = getComputedStyle(input);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [name, Math.max(0, Math.ceil(canvas.measureText(input.placeholder).width - room))];
      }),
    );
  }, labels);
}

describe('typed fields', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let agents: Agent[];

  beforeAll(async () => {
    browser = await launchBrowser();
    // No service worker: it would answer the app's own files itself, past the held requests below.
    context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, serviceWorkers: 'block' });
    page = await context.newPage();
    await signInAsNewAdmin(page);
    agents = await apiClient(baseUrl, await sessionToken(context))<Agent[]>('/sf-user/');
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('keeps what is typed into the agent picker while the list and its code are still on their way', async () => {
    const agent = agents.find((a) => a.username)!;
    const release = await holdRequests(
      page,
      (url) =>
        url.pathname === '/api/v3/sf-user/' ||
        /\/assets\/(agent-list|popover-layer)-[\w-]+\.js$/.test(url.pathname),
    );
    try {
      await page.goto('/contatti/contatti');
      const picker = page.getByRole('combobox', { name: 'Agente' });
      await picker.click();
      await page.keyboard.type(agent.username);
      release();
      const filter = page.getByPlaceholder('Cerca un agente');
      await expect.poll(() => filter.inputValue(), { timeout: 15_000 }).toBe(agent.username);
      await page
        .getByRole('option', { name: new RegExp(agent.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .waitFor();
      expect(await page.getByRole('option').count()).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => picker.textContent()).toContain(agent.LastName ?? '');
    } finally {
      release();
      await page.unrouteAll();
    }
  });

  it("shows the audit date fields' whole placeholder, on a desktop and on a tablet held upright", async () => {
    for (const viewport of [DESKTOP, TABLET]) {
      await page.setViewportSize(viewport);
      await page.goto('/gestione_audit');
      await page.getByLabel('Da', { exact: true }).waitFor();
      expect(await placeholderOverflow(page, ['Da', 'A']), `${viewport.width} px`).toEqual({ Da: 0, A: 0 });
    }
  });
});
