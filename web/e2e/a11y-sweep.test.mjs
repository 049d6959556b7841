// The WCAG sweep of every menu route in pt, en and es, light and dark (issue 37): run it by hand
// (`node --test web/e2e/a11y-sweep.mjs`, as the other browser tests) to count what axe still finds; it
// joins the suite as a11y.test.mjs's first test once it finds nothing (docs/accessibility.md).
// Accessibility of every screen (issue 37): axe-core's WCAG 2.1 A/AA rules on the login page and
// on every route of the signed-in menu, in pt, en and es, in the light and the dark colour
// schemes; the keyboard (skip link, focus into and out of dialogs and drawers); live
// announcements; reduced motion; and 200 % zoom at 1366 px (683 CSS px) without horizontal
// scrolling. The routes come from the navigation itself, so a new screen is checked the day it
// enters the menu.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, contextFor, countNodes, formatViolations, quiet, visit } from './axe.mjs';
import { DEMO_PASSWORD, login, screenshot, startSuite, tid } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const LANGUAGES = ['pt', 'en', 'es'];
const SCHEMES = ['light', 'dark'];

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** The signed-in routes the navigation offers this user (menu entries with their own page). */
function menuRoutes(page) {
  return page.evaluate(() => {
    const urls = [...document.querySelectorAll('[data-testid="navigation"] a[href^="/"]')].map((a) => a.getAttribute('href'));
    return [...new Set(urls)];
  });
}

const results = [];

for (const lang of LANGUAGES) {
  for (const scheme of SCHEMES) {
    test(`axe finds no WCAG 2.1 A/AA violation on any screen in ${lang}, ${scheme}`, { timeout: 600_000 }, async () => {
      const ctx = await contextFor(suite, lang, scheme);
      try {
        const page = await ctx.newPage();
        const found = [];
        const scan = async (label) => {
          const v = await axeViolations(page);
          found.push({ label, violations: v });
        };
        await page.goto('/login');
        await page.locator(tid('access-code')).waitFor();
        await scan('/login');
        await login(page, HELENA);
        // The user's saved language wins over the cookie at sign-in: switch as the user would.
        await page.locator(tid('lang-menu')).click();
        await page.locator(tid(`lang-${lang}`)).click();
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), scheme);
        await quiet(page);
        await scan('/apps/homePage');
        const routes = (await menuRoutes(page)).filter((u) => u !== '/apps/homePage');
        assert.ok(routes.length > 10, `the menu offers the screens (${routes.length})`);
        for (const url of [...routes, '/pages/profile', '/apps/no-such-page']) {
          await visit(page, url);
          await scan(url);
        }
        if (lang === 'pt') await screenshot(page, `a11y-${scheme}`);
        const bad = found.filter((f) => f.violations.length);
        const total = found.reduce((n, f) => n + countNodes(f.violations), 0);
        results.push({ lang, scheme, screens: found.length, total, byRule: byRule(found) });
        process.stderr.write(`a11y ${lang}/${scheme}: ${found.length} screens, ${total} violations ${JSON.stringify(byRule(found))}\n`);
        for (const f of bad) process.stderr.write(`${formatViolations(f.violations, `${lang}/${scheme} ${f.label}`)}\n`);
        assert.equal(total, 0, `violations on ${bad.map((f) => f.label).join(', ')}`);
      } finally {
        await ctx.close();
      }
    });
  }
}

function byRule(found) {
  const counts = {};
  for (const f of found) for (const v of f.violations) counts[v.id] = (counts[v.id] ?? 0) + v.nodes.length;
  return counts;
}

