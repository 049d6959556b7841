// The dashboards (issue: HR reporting from read models, and the three dashboards) on the demo
// with its year of history: Helena's company dashboard shows mood per department, approvals
// and surveys with charts, filters by department, exports a table as CSV and XLSX, and
// follows a new check-in live; Marcos sees his team; Ana only herself; another tenant never.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };

let suite;
before(async () => {
  // The seed writes a year of history (about 130,000 events) before the server is ready.
  suite = await startSuite({ env: { SEED_HISTORY: 'on' }, timeoutMs: 180_000 });
});
after(async () => {
  await suite?.stop();
});

async function api(session, path, query = {}) {
  const q = new URLSearchParams({ tenId: session.user.tenId, ...query });
  const res = await fetch(`${suite.baseURL}/api/${path}?${q}`, { headers: { authorization: `Bearer ${session.access_token}` } });
  return { status: res.status, body: await res.json() };
}

const rowsOf = (page, table) => page.locator(`${tid(`table-${table}`)} tbody tr`);

test('helena reads the company dashboard, filters it, exports a table and sees a check-in arrive live', { timeout: 120_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    await page.goto('/apps/dashboards2');
    await page.locator(tid('dashboard-2')).waitFor();
    for (const w of ['headcount', 'mood', 'clock', 'vacations', 'approvals', 'surveys']) await page.locator(tid(`widget-${w}`)).waitFor();
    // A year of weeks, drawn and tabled; departments under 3 people show no figures.
    await rowsOf(page, 'mood').nth(50).waitFor();
    assert.ok((await page.locator(`${tid('widget-mood')} .recharts-line-curve`).count()) >= 2, 'the mood and energy lines are drawn');
    assert.ok(Number(await page.locator(tid('stat-approved')).textContent()) > 10);
    await rowsOf(page, 'approvals-delegations').first().waitFor();
    assert.match(await page.locator(tid('table-surveys')).textContent(), /eNPS/);
    // A year of punches with late arrivals, missing marks and refusals; vacations and headcount.
    for (const stat of ['stat-late', 'stat-missing', 'stat-refused', 'stat-abono']) {
      assert.ok(Number(await page.locator(tid(stat)).textContent()) > 0, stat);
    }
    await rowsOf(page, 'vacations-away').first().waitFor();
    assert.ok((await rowsOf(page, 'headcount-months').count()) >= 12);
    await screenshot(page, 'dashboard-company');

    // Filter by one department: every mood row is that department's.
    await page.locator(tid('filter-dept')).click();
    await page.getByRole('option', { name: 'Operações' }).click();
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('[data-testid="table-mood"] tbody tr td:nth-child(2)')].map((td) => td.textContent);
      return cells.length > 0 && cells.every((c) => c === 'Operações');
    });

    // Export: CSV with translated headers, XLSX a workbook with the same header.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator(tid('csv-mood')).click()]);
    const lines = readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], 'Semana,Departamento,Pessoas,Registros,Humor,Energia');
    assert.ok(lines.length > 40 && lines.slice(1).every((l) => l.split(',')[1] === 'Operações'));
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.locator(tid('xlsx-mood')).click()]);
    assert.equal(xlsx.suggestedFilename(), 'mood.xlsx');
    const files = unzipSync(readFileSync(await xlsx.path()));
    const sheet = Object.keys(files).find((f) => f.startsWith('xl/worksheets/'));
    assert.ok(sheet, 'a worksheet');
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? files[sheet]);
    assert.match(strings, /Semana/);
    assert.match(strings, /Operações/);

    // Ana checks in: this week's Operações row counts one more (or appears), without a reload.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const week = monday.toISOString().slice(0, 10);
    const countOf = (w) => {
      const row = [...document.querySelectorAll('[data-testid="table-mood"] tbody tr')].find((tr) => tr.querySelector('td')?.textContent === w);
      return row ? Number(row.querySelectorAll('td')[3].textContent) : 0;
    };
    const before = await page.evaluate(countOf, week);
    const ana = await apiLogin(suite.baseURL, USERS.ana);
    const res = await fetch(`${suite.baseURL}/api/gen/HumorEnergy?tenId=${ana.user.tenId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ humor: 4, energy: 4 }),
    });
    assert.equal(res.status, 200);
    await page.waitForFunction(
      ([w, n]) => {
        const row = [...document.querySelectorAll('[data-testid="table-mood"] tbody tr')].find((tr) => tr.querySelector('td')?.textContent === w);
        return (row ? Number(row.querySelectorAll('td')[3].textContent) : 0) === n;
      },
      [week, before + 1],
      { timeout: 20_000 },
    );
    await screenshot(page, 'dashboard-company-filtered');
    await expectAccessible(page, 'dashboards: dashboard-company-filtered');
  } finally {
    await ctx.close();
  }
});

test('marcos sees his team, ana only herself; the scopes hold on the server', { timeout: 90_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, MARCOS);
    await page.goto('/apps/dashboards1');
    await page.locator(tid('widget-mood')).waitFor();
    await rowsOf(page, 'mood').nth(40).waitFor();
    assert.equal(await page.locator(tid('widget-surveys')).count(), 0, 'no surveys on the team dashboard');
    assert.equal(await page.locator(tid('filter-dept')).count(), 0);
    await page.locator(tid('widget-clock')).waitFor();
    assert.equal(await page.locator(tid('widget-headcount')).count(), 0, 'no headcount on the team dashboard');
    await screenshot(page, 'dashboard-team');
  } finally {
    await ctx.close();
  }
  const [ana, marcos, carla, helena] = await Promise.all([USERS.ana, MARCOS, USERS.carla, HELENA].map((u) => apiLogin(suite.baseURL, u)));
  const own = await api(ana, 'reports/mood', { scope: 'self' });
  assert.equal(own.status, 200);
  assert.ok(own.body.rows.every((r) => r.people === 1));
  assert.equal((await api(ana, 'reports/mood', { scope: 'team' })).status, 403);
  assert.equal((await api(marcos, 'reports/approvals', { scope: 'tenant' })).status, 403);
  assert.equal((await api(marcos, 'reports/surveys')).status, 403);
  // ACMECORP: its own (empty) history, never DEMOCORP's; DEMOCORP's tenId is refused.
  assert.deepEqual((await api(carla, 'reports/mood')).body.rows, []);
  const forged = await fetch(`${suite.baseURL}/api/reports/mood?tenId=${helena.user.tenId}`, { headers: { authorization: `Bearer ${carla.access_token}` } });
  assert.equal(forged.status, 403);
});
