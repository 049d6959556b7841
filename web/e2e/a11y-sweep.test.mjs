// The WCAG sweep (issue 37): axe-core's WCAG 2.1 A/AA rules on the login page and on every route
// of the signed-in menu, in pt, en and es, in the light and the dark colour schemes. The routes
// come from the navigation itself, so a new screen is checked the day it enters the menu.
// One browser, one sign-in per language: the scheme is switched by Mantine's stored choice and a
// reload (the session survives it); no transitions (reduced motion) and no idle margins between
// screens. About a minute per language and scheme on a quiet machine; far more on a loaded one,
// hence the generous timeout.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, countNodes, formatViolations, quiet, visit } from './axe.mjs';
import { DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const LANGUAGES = ['pt', 'en', 'es'];
const SCHEME_KEY = 'mantine-color-scheme-value';

let suite;
before(async () => {
  // The shared test machine can take more than 30 s to start the server under load.
  suite = await startSuite({ timeoutMs: 120_000 });
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

/** Switches Mantine's colour scheme as its stored choice and reloads the page on it. */
async function useScheme(page, scheme) {
  await page.evaluate(([k, s]) => localStorage.setItem(k, s), [SCHEME_KEY, scheme]);
  await page.reload();
  await page.locator('body').waitFor();
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
}

function byRule(found) {
  const counts = {};
  for (const f of found) for (const v of f.violations) counts[v.id] = (counts[v.id] ?? 0) + v.nodes.length;
  return counts;
}

for (const lang of LANGUAGES) {
  test(`axe finds no WCAG 2.1 A/AA violation on any screen in ${lang}, light and dark`, { timeout: 600_000 }, async () => {
    const ctx = await newUserContext(suite);
    await ctx.addCookies([{ name: 'lang', value: lang, url: suite.baseURL }]);
    try {
      const page = await ctx.newPage();
      // No transitions to wait out between screens (the colours are the same either way).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found = { light: [], dark: [] };
      const scan = async (scheme, label) => found[scheme].push({ label, violations: await axeViolations(page) });

      await page.goto('/login');
      await page.locator(tid('access-code')).waitFor();
      await useScheme(page, 'dark');
      await page.locator(tid('access-code')).waitFor();
      await scan('dark', '/login');
      await useScheme(page, 'light');
      await page.locator(tid('access-code')).waitFor();
      await scan('light', '/login');

      await login(page, HELENA);
      // The user's saved language wins over the cookie at sign-in: switch as the user would.
      await page.locator(tid('lang-menu')).click();
      await page.locator(tid(`lang-${lang}`)).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await quiet(page);
      const routes = (await menuRoutes(page)).filter((u) => u !== '/apps/homePage');
      assert.ok(routes.length > 10, `the menu offers the screens (${routes.length})`);

      for (const scheme of ['light', 'dark']) {
        if (scheme === 'dark') {
          await visit(page, '/apps/homePage');
          await useScheme(page, 'dark');
          await page.locator(tid('home-greeting')).waitFor();
          await quiet(page);
        }
        await scan(scheme, '/apps/homePage');
        for (const url of [...routes, '/pages/profile', '/apps/no-such-page']) {
          await visit(page, url);
          await scan(scheme, url);
        }
        if (lang === 'pt') await screenshot(page, `a11y-${scheme}`);
      }

      const lines = [];
      let total = 0;
      for (const scheme of ['light', 'dark']) {
        const n = found[scheme].reduce((m, f) => m + countNodes(f.violations), 0);
        total += n;
        process.stderr.write(`a11y ${lang}/${scheme}: ${found[scheme].length} screens, ${n} violations ${JSON.stringify(byRule(found[scheme]))}\n`);
        for (const f of found[scheme].filter((x) => x.violations.length)) {
          process.stderr.write(`${formatViolations(f.violations, `${lang}/${scheme} ${f.label}`)}\n`);
          lines.push(`${scheme} ${f.label}`);
        }
      }
      assert.equal(total, 0, `violations on ${lines.join(', ')}`);
    } finally {
      await ctx.close();
    }
  });
}
