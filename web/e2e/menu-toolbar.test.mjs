// What users found wrong in the shell (issue 29), through the real server and browser: the
// menu's maturity dots follow what is built, a denied direct URL says why, the toolbar fits a
// 390 px phone, and a vacation request's generated title reads in the reader's language.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, patientContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';

const marcos = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };

let suite;

before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

test('the maturity dots: never red on a built screen (the red dot of a placeholder: built.test.ts)', { timeout: 60_000 }, async () => {
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, marcos);
    const nav = page.locator(tid('navigation'));
    await nav.locator(tid('nav-home')).waitFor();
    const dot = (id) => nav.locator(tid(`maturity-${id}`)).getAttribute('data-status');
    // Vacations, the timesheet, escala, find people, birthdays, hires, requests, approvals, my
    // team, the vacation approvals and map, the hour bank: built screens.
    for (const id of ['rh_001_01', 'rh_001_02', 'rh_001_03', 'rh_002_03', 'rh_002_04', 'rh_003_01', 'rh_003_02', 'rh_003_03', 'tools_001', 'tools_002', 'rh_004_01', 'rh_004_02', 'rh_004_03', 'rh_004_05']) {
      assert.notEqual(await dot(id), '0', `${id} is built but shows the red "in development" dot`);
    }
    // The payslips are built now too: no demo user's menu has a placeholder left.
    assert.notEqual(await dot('rh_002_01'), '0');
    assert.equal(await nav.locator('[data-testid^="maturity-"][data-status="0"]').count(), 0);
    await screenshot(page, 'menu-maturity-dots');
  } finally {
    await ctx.close();
  }
});

test('a denied direct URL lands on the home page saying why', { timeout: 60_000 }, async () => {
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/auditoria');
    await page.waitForURL('**/apps/homePage');
    const notice = page.locator('.mantine-Notification-root', { hasText: 'Acesso negado' });
    await notice.waitFor();
    assert.match(await notice.textContent(), /Seu perfil não tem acesso a “Histórico e auditoria”/);
    await screenshot(page, 'denied-url-notice');
  } finally {
    await ctx.close();
  }
});

test('the toolbar fits a 390 px phone', { timeout: 60_000 }, async () => {
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, USERS.ana);
    const toolbar = page.locator(tid('toolbar'));
    const burger = await toolbar.locator('.mantine-Burger-root').boundingBox();
    const search = await toolbar.locator(tid('search-open')).boundingBox();
    assert.ok(burger && search, 'burger and search icon shown');
    assert.ok(burger.x + burger.width + 4 <= search.x, `the burger (${burger.x}+${burger.width}) touches the search icon (${search.x})`);

    const name = toolbar.locator(tid('user-menu-name'));
    if (await name.isVisible()) {
      const lines = await name.evaluate((el) => {
        const s = getComputedStyle(el);
        return { height: el.getBoundingClientRect().height, lineHeight: parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.55, whiteSpace: s.whiteSpace };
      });
      assert.equal(lines.whiteSpace, 'nowrap', 'the name never wraps');
      assert.ok(lines.height <= lines.lineHeight * 1.2, `the name takes one line (${lines.height} px, line ${lines.lineHeight} px)`);
    }
    const arrow = await toolbar.locator(tid('user-menu')).locator('svg').last().boundingBox();
    assert.ok(arrow, 'the user-menu arrow is shown');
    assert.ok(arrow.x >= 0 && arrow.x + arrow.width <= 390, `the user-menu arrow (${arrow.x}+${arrow.width}) is inside the 390 px viewport`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 390, `the page does not scroll sideways (${scroll} px)`);
    await screenshot(page, 'toolbar-390');
  } finally {
    await ctx.close();
  }
});

/** Files a 10-day vacation for user through the API, trying starts until the rules accept one. */
async function fileVacation(user) {
  const { user: me, access_token: token } = await apiLogin(suite.baseURL, user);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 45);
  for (let i = 0; i < 60; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    const inicio = day.toISOString().slice(0, 10);
    const check = await fetch(`${suite.baseURL}/api/rh-app/ferias/verificar?tenId=${me.tenId}`, { method: 'POST', headers, body: JSON.stringify({ inicio, dias: 10 }) });
    if (check.status !== 200) continue;
    const res = await fetch(`${suite.baseURL}/api/rh-app/ferias/solicitar?tenId=${me.tenId}`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `e2e-vacation-title-${inicio}` },
      body: JSON.stringify({ inicio, dias: 10 }),
    });
    assert.equal(res.status, 200, await res.text());
    return inicio;
  }
  throw new Error('no start accepted');
}

test("a vacation request's title reads in English and Spanish", { timeout: 90_000 }, async () => {
  const inicio = await fileVacation(USERS.ana);
  const [y, m, d] = inicio.split('-');
  const end = new Date(Date.UTC(+y, +m - 1, +d + 9)).toISOString().slice(0, 10).split('-');
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/request/all');
    const row = page.locator(tid('request-row-title')).filter({ hasText: `${d}/${m}/${y}` });
    await row.first().waitFor();
    assert.equal((await row.first().textContent()).trim(), `Férias ${d}/${m}/${y} a ${end[2]}/${end[1]}/${end[0]} (10 dias)`);
    for (const [lang, want] of [
      ['en', `Vacation ${m}/${d}/${y} to ${end[1]}/${end[2]}/${end[0]} (10 days)`],
      ['es', `Vacaciones del ${d}/${m}/${y} al ${end[2]}/${end[1]}/${end[0]} (10 días)`],
    ]) {
      await page.locator(tid('lang-menu')).click();
      await page.locator(tid(`lang-${lang}`)).click();
      await page.locator(tid('request-row-title'), { hasText: want }).first().waitFor();
      await page.locator(tid('request-row-title'), { hasText: want }).first().click();
      await page.locator(tid('request-view-title'), { hasText: want }).waitFor();
      assert.equal((await page.locator(tid('request-view-reason')).textContent()).includes('Férias'), false, `the reason reads in ${lang}`);
      await screenshot(page, `vacation-request-title-${lang}`);
      await page.keyboard.press('Escape');
      await page.locator(tid('request-view-title')).waitFor({ state: 'hidden' });
    }
  } finally {
    await ctx.close();
  }
});
