// Accessibility beyond what axe sees (issue 37; the axe sweep of every screen is
// a11y-sweep.test.mjs): the keyboard — the skip link, the punch, a request filed and approved, a
// vacation requested and approved, the survey drawer answered, each with a visible focus and the
// focus moved into every dialog or drawer and back out; live announcements; reduced motion; and
// 200 % zoom at 1366 px (683 CSS px) without horizontal scrolling.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { contextFor, expectAccessible, visit } from './axe.mjs';
import { apiLogin, DEMO_PASSWORD, login, startSuite, tid, USERS } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };

let suite;
before(async () => {
  // The shared test machine can take more than 30 s to start the server under load.
  suite = await startSuite({ timeoutMs: 120_000 });
});
after(async () => {
  await suite?.stop();
});

/** Presses Tab until the element of `testId` has the focus (at most `max` presses). */
async function tabTo(page, testId, max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses). */
async function tabToSelector(page, selector, max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => Boolean(document.activeElement?.matches(sel)), selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * The focused element shows it: keyboard focus (:focus-visible) drawn as an outline or a ring,
 * or, for Mantine's inputs, a border that changes colour with the focus.
 */
async function assertVisibleFocus(page, what) {
  const f = await page.evaluate(async () => {
    const el = document.activeElement;
    if (!el || el === document.body) return { visible: false, why: 'nothing focused' };
    const look = () => {
      const cs = getComputedStyle(el);
      return { outline: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0, ring: Boolean(cs.boxShadow) && cs.boxShadow !== 'none', border: cs.borderColor };
    };
    // Mantine eases the border colour: read each look once its transition is over.
    await new Promise((r) => setTimeout(r, 400));
    const focused = look();
    const keyboard = el.matches(':focus-visible');
    el.blur();
    await new Promise((r) => setTimeout(r, 400));
    const blurred = look();
    el.focus();
    const visible = keyboard && (focused.outline || focused.ring || focused.border !== blurred.border);
    return { visible, why: `${el.tagName} ${JSON.stringify(focused)} vs ${JSON.stringify(blurred)}` };
  });
  assert.ok(f.visible, `${what}: the focus is visible (${f.why})`);
}

/** Waits until the focus is inside an open dialog or drawer (role dialog). */
const focusInDialog = (page) => page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

/** Opens a Mantine Select by keyboard and moves to the option `name`, then picks it with Enter. */
async function pickOption(page, name) {
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 30; i++) {
    const selected = await page.evaluate(() => document.querySelector('[data-combobox-selected]')?.textContent ?? '');
    if (selected === name) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${name}`);
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

test('a request is filed by keyboard and approved by keyboard; focus goes into each dialog and back', { timeout: 180_000 }, async () => {
  const anaCtx = await contextFor(suite, 'pt', 'light');
  const marcosCtx = await contextFor(suite, 'pt', 'light');
  try {
    const ana = await anaCtx.newPage();
    await login(ana, USERS.ana);
    await ana.goto('/apps/request');
    await ana.waitForFunction((sel) => document.querySelector(sel)?.dataset.status === 'ready', tid('request-list'));
    await ana.evaluate(() => document.activeElement?.blur());
    await tabTo(ana, 'request-new');
    await assertVisibleFocus(ana, 'new request button');
    await ana.keyboard.press('Enter');
    const dialog = ana.locator(`${tid('request-dialog')}[data-mode="new"]`);
    await dialog.waitFor();
    await focusInDialog(ana);
    // The form by keyboard alone: the type by the arrows, the texts typed, the date typed.
    await tabTo(ana, 'request-field-tipo');
    await assertVisibleFocus(ana, 'request type');
    await pickOption(ana, 'Reembolso');
    await tabTo(ana, 'request-field-titulo');
    await ana.keyboard.type('Táxi até o cliente');
    await tabTo(ana, 'request-field-motivo');
    await ana.keyboard.type('Visita ao cliente');
    await tabTo(ana, 'request-field-comentario');
    await ana.keyboard.type('Recibo com o financeiro.');
    await tabTo(ana, 'request-field-dataReferencia');
    await ana.keyboard.type('20112026');
    await expectAccessible(ana, 'new request dialog');
    await tabTo(ana, 'request-send');
    await assertVisibleFocus(ana, 'send');
    const sent = ana.waitForResponse((r) => r.url().includes('/api/cac-app/request/send') && r.request().method() === 'POST');
    await ana.keyboard.press('Enter');
    const answer = await sent;
    assert.equal(answer.status(), 200, await answer.text());
    const id = (await answer.json()).data.ac4Ukey;
    // The request opens read-only; Escape leaves it and the focus is back on "new request".
    await ana.locator(`${tid('request-dialog')}[data-mode="readonly"]`).waitFor();
    await focusInDialog(ana);
    await ana.keyboard.press('Escape');
    await ana.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await ana.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'request-new');

    // Marcos approves it by keyboard from his queue.
    const marcos = await marcosCtx.newPage();
    await login(marcos, MARCOS);
    await marcos.goto('/apps/requestApprover/waiting');
    const row = `${tid('request-row')}[data-request-id="${id}"]`;
    await marcos.locator(row).waitFor();
    await marcos.evaluate(() => document.activeElement?.blur());
    await tabToSelector(marcos, row);
    await assertVisibleFocus(marcos, 'queue row');
    await marcos.keyboard.press('Enter');
    const view = marcos.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await view.locator(tid('request-approve')).waitFor();
    await focusInDialog(marcos);
    await expectAccessible(marcos, 'request approval dialog');
    await tabTo(marcos, 'request-approve');
    await assertVisibleFocus(marcos, 'approve');
    const approved = marcos.waitForResponse((r) => r.url().includes('/api/cac-app/request/approve'));
    await marcos.keyboard.press('Enter');
    assert.equal((await approved).status(), 200);
    await marcos.locator(`${tid('request-view-header')} ${tid('request-status')}[data-status="waiting_hr"]`).waitFor();
    await marcos.keyboard.press('Escape');
    await marcos.locator('[role="dialog"]').waitFor({ state: 'detached' });
    // The focus leaves the dialog for the row that opened it (the page, if the row left the queue).
    await marcos.waitForFunction((sel) => !document.activeElement?.closest('[role="dialog"]') && (document.activeElement?.matches(sel) || !document.querySelector(sel)), row);
  } finally {
    await Promise.allSettled([anaCtx.close(), marcosCtx.close()]);
  }
});

test('a vacation is requested by keyboard and approved by keyboard', { timeout: 180_000 }, async () => {
  const anaCtx = await contextFor(suite, 'pt', 'light');
  const marcosCtx = await contextFor(suite, 'pt', 'light');
  try {
    const ana = await anaCtx.newPage();
    await login(ana, USERS.ana);
    await ana.goto('/apps/rh/requestVaccations');
    await ana.locator('[data-kind="rest"]').first().waitFor();
    const start = await ana.evaluate(() => {
      const cells = [...document.querySelectorAll('[data-testid^="picker-day-"]')];
      for (let i = 0; i + 2 < cells.length; i++) {
        const [a, b, c] = cells.slice(i, i + 3);
        if (!a.disabled && [a, b, c].every((x) => x.dataset.kind === 'work')) return a.dataset.testid.replace('picker-day-', '');
      }
      return null;
    });
    assert.ok(start, 'a valid start in the picker month');
    await ana.evaluate(() => document.activeElement?.blur());
    await tabTo(ana, 'request-days');
    await assertVisibleFocus(ana, 'days');
    await ana.keyboard.press('ControlOrMeta+a');
    await ana.keyboard.type('10');
    await tabTo(ana, `picker-day-${start}`);
    await assertVisibleFocus(ana, 'picker day');
    await ana.keyboard.press('Enter');
    await ana.locator(tid('request-ok')).waitFor();
    await expectAccessible(ana, 'vacation request ready to send');
    await tabTo(ana, 'request-send');
    await assertVisibleFocus(ana, 'send');
    await ana.keyboard.press('Enter');
    await ana.waitForURL('**/apps/rh/myVaccations');

    const marcos = await marcosCtx.newPage();
    await login(marcos, MARCOS);
    await marcos.goto('/apps/gestor-rh/aprovacao-ferias');
    const row = marcos.locator(tid('approval-row'), { hasText: 'Ana Souza' });
    await row.waitFor();
    await expectAccessible(marcos, 'vacation approvals');
    await marcos.evaluate(() => document.activeElement?.blur());
    await tabToSelector(marcos, '[data-testid="approval-row"] [data-testid="approve"]');
    assert.match(await marcos.evaluate(() => document.activeElement.closest('[data-testid="approval-row"]').textContent), /Ana Souza/);
    await assertVisibleFocus(marcos, 'approve');
    await marcos.keyboard.press('Enter');
    await marcos.locator(tid('approvals-empty')).waitFor();
  } finally {
    await Promise.allSettled([anaCtx.close(), marcosCtx.close()]);
  }
});

test('the survey drawer is answered by keyboard; focus goes into it and back to the link that opened it', { timeout: 180_000 }, async () => {
  const title = `Pulso a11y ${Date.now()}`;
  const hr = await apiLogin(suite.baseURL, HELENA);
  const today = new Date().toISOString().slice(0, 10);
  const created = await fetch(`${suite.baseURL}/api/avaliacao360/pesquisas?tenId=${hr.user.tenId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${hr.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      tipo: 'enps',
      descricao: title,
      detalhes: '',
      inicio: today,
      fim: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      publico: { todos: true },
      perguntas: [{ oa9_001_c: '', oa9_003_m: 'De 0 a 10, recomendaria a empresa?', oa9_004_n: 1, oa9_007_m: '', oa9_020_c: '0', oa9_021_c: '10', oa9_022_n: 1 }],
    }),
  });
  assert.equal(created.status, 200, await created.text());
  const ctx = await contextFor(suite, 'pt', 'light');
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    const drawer = page.locator(tid('pending-surveys-drawer'));
    const card = page.locator(tid('survey-card-enps')).filter({ hasText: title });
    await card.waitFor();
    await focusInDialog(page);
    await expectAccessible(page, 'pending surveys drawer');
    // Escape closes it; the home banner's link opens it again, and Escape gives the focus back.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.evaluate(() => document.activeElement?.blur());
    await tabToSelector(page, 'a[href*="pesquisas=1"]');
    await assertVisibleFocus(page, 'surveys link');
    await page.keyboard.press('Enter');
    await card.waitFor();
    await focusInDialog(page);
    await tabToSelector(page, `[data-testid="survey-card-enps"] [data-testid="question-input"]`);
    await assertVisibleFocus(page, 'rating');
    await page.keyboard.type('9');
    await tabTo(page, 'survey-finish');
    await assertVisibleFocus(page, 'finish');
    await page.keyboard.press('Enter');
    await page.locator(tid('finish-confirm')).waitFor();
    await focusInDialog(page);
    await tabTo(page, 'finish-confirm');
    const done = page.waitForResponse((r) => r.url().includes('/api/avaliacao360/finalizar'));
    await page.keyboard.press('Enter');
    assert.equal((await done).status(), 200);
    await card.waitFor({ state: 'detached' });
    await page.waitForFunction(() => !document.activeElement?.closest('[role="dialog"]'));
  } finally {
    await ctx.close();
  }
});
