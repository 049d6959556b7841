// Accessibility checks of the browser tests (issue 37): axe-core (npm) injected into the page
// from node_modules, never from the network, run with the WCAG 2.1 A and AA rules.
//
// One line in any browser test, after the screen or dialog under test is on screen:
//
//   import { expectAccessible } from './axe.mjs';
//   await expectAccessible(page, 'vacations: request form');
//
// It fails the test on any violation and prints each one's rule id, impact, targets and summary.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newUserContext } from './helpers.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule tags the product answers for (WCAG 2.1 level A and AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page (or on the part `include` selects) and returns its violations,
 * [{id, impact, help, nodes: [{target, summary}]}]. Waits for running animations (drawer and
 * modal transitions) to end first: a half-faded dialog has half its contrast.
 */
export async function axeViolations(page, { include, exclude } = {}) {
  await settle(page);
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, include, exclude }) => {
      const context = include || exclude ? { include: include ? [include] : undefined, exclude: exclude ? [exclude] : [] } : document;
      const result = await window.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      }));
    },
    { tags: WCAG_TAGS, include, exclude },
  );
}

/** Number of failing nodes over a list of violations (axe's usual count). */
export const countNodes = (violations) => violations.reduce((n, v) => n + v.nodes.length, 0);

/** Readable lines for a list of violations: one per rule, then one per failing element. */
export function formatViolations(violations, label = '') {
  const lines = [];
  for (const v of violations) {
    lines.push(`${label ? `[${label}] ` : ''}${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}`);
    for (const n of v.nodes) lines.push(`    ${n.target}\n      ${String(n.summary).replace(/\n/g, '\n      ')}`);
  }
  return lines.join('\n');
}

/** Fails the test when axe finds any WCAG 2.1 A/AA violation on the page (or on `include`). */
export async function expectAccessible(page, label, options) {
  const violations = await axeViolations(page, options);
  if (violations.length) process.stderr.write(`${formatViolations(violations, label)}\n`);
  assert.equal(countNodes(violations), 0, `${label}: ${violations.map((v) => v.id).join(', ')}`);
}

async function settle(page) {
  const moved = await page.evaluate(async () => {
    // Only finite animations end (a loader spins forever); never wait more than two seconds.
    const running = (document.getAnimations?.() ?? []).filter((a) => a.effect?.getTiming?.().iterations !== Infinity);
    const ended = Promise.all(running.map((a) => a.finished.catch(() => null)));
    await Promise.race([ended, new Promise((r) => setTimeout(r, 2_000))]);
    // Mantine's transitions are CSS transitions; give the last one a frame to apply its end state.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return running.length > 0;
  });
  // A still page needs no margin (the sweep scans 280 of them); one that moved gets a little.
  if (moved) await page.waitForTimeout(250);
}

// The pages the accessibility tests scan: a user's language and colour scheme, a route reached
// as the menu reaches it, once the screen has stopped loading.

/** A context in `lang` (the `lang` cookie the language switch writes) and `scheme` (Mantine's stored choice). */
export async function contextFor(suite, lang, scheme, options = {}) {
  const ctx = await newUserContext(suite, options);
  await ctx.addCookies([{ name: 'lang', value: lang, url: suite.baseURL }]);
  await ctx.addInitScript((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
  return ctx;
}

/** Waits until the page shows no loader (or 8 s passed: a screen that keeps loading is scanned as it is). */
export async function quiet(page) {
  await page
    .waitForFunction(() => !document.querySelector('.mantine-Loader-root, [aria-busy="true"]'), null, { timeout: 8_000 })
    .catch(() => {});
}

/** Client-side navigation (react-router follows popstate): no reload per route. */
export async function visit(page, url) {
  await page.evaluate((u) => {
    window.history.pushState({}, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  // Some entries redirect (a default tab, a guard): whatever the route shows is scanned.
  await page.locator('main').first().waitFor();
  await page.waitForTimeout(150);
  await quiet(page);
}
