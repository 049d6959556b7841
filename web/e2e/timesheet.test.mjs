// The timesheet (issue 30) on the demo with its history: Helena (HR) reads the gridReport of
// last month, downloads it as XLSX and closes the month (the grid follows the push); Ana reads her month (a row a day,
// the marks in force with an adjusted one's origin a click away, the totals), signs it after
// the confirm-password dialog refuses a wrong password, and downloads the PDF; Marcos reads
// Ana's month through the employee picker; Ana cannot read a colleague's.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe.mjs';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite({ env: { SEED_HISTORY: 'on' }, timeoutMs: 600_000 });
});
after(async () => {
  await suite?.stop();
});

/** Last month, YYYY-MM, in São Paulo. */
function lastMonth() {
  const now = new Date(Date.now() - 3 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function api(session, method, path, query = {}) {
  const q = new URLSearchParams({ tenId: session.user.tenId, ...query });
  const res = await fetch(`${suite.baseURL}/api/${path}?${q}`, { method, headers: { authorization: `Bearer ${session.access_token}` } });
  return { status: res.status, body: await res.text() };
}

test('helena reads the gridReport, exports it and closes last month', { timeout: 120_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    await page.goto('/apps/rh/timeSheet/gridReport');
    await page.locator(tid('grid-line')).nth(3).waitFor({ timeout: 60_000 });
    assert.match(await page.locator(tid('grid-table')).textContent(), /Ana/);
    assert.equal(await page.locator(tid('grid-closed')).textContent(), 'Mês aberto');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.locator(tid('grid-xlsx')).click()]);
    assert.equal(xlsx.suggestedFilename(), `espelho-${lastMonth()}.xlsx`);
    assert.equal(readFileSync(await xlsx.path()).subarray(0, 2).toString(), 'PK', 'an xlsx (zip) workbook');
    await page.locator(tid('grid-close')).click();
    // The projection records the closing and pushes timesheet.changed: the grid reads itself
    // again, with no reload.
    await page.waitForFunction(() => document.querySelector('[data-testid="grid-closed"]')?.textContent === 'Mês fechado', null, {
      timeout: 30_000,
    });
    await page.locator(tid('grid-reopen')).waitFor();
    await screenshot(page, 'timesheet-grid-closed');
    await expectAccessible(page, 'timesheet-grid-closed');
  } finally {
    await ctx.close();
  }
});

test('ana reads her month, sees an adjusted mark, signs it after confirming her password and downloads the PDF', { timeout: 120_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/rh/timeSheet/historico');
    await page.locator(tid('timesheet-row')).nth(20).waitFor();
    assert.match(await page.locator(tid('timesheet-employee-name')).textContent(), /Ana/);
    // The employer heads the month: the demo's establishment and its CNPJ.
    assert.match(await page.locator(tid('timesheet-employer')).textContent(), /Demo Corp · CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
    assert.match(await page.locator(tid('timesheet-totals')).textContent(), /\d{2}:\d{2}/);
    assert.equal(await page.locator(tid('timesheet-closed')).textContent(), 'Mês fechado');
    if ((await page.locator(tid('mark-changed')).count()) > 0) {
      await page.locator(tid('mark-changed')).first().click();
      await page.locator(tid('mark-origin')).waitFor();
      await screenshot(page, 'timesheet-mark-origin');
      await expectAccessible(page, 'timesheet-mark-origin');
      await page.keyboard.press('Escape');
    }
    await screenshot(page, 'timesheet-month');

    await page.locator(tid('timesheet-sign')).click();
    await page.getByText('Confirme sua senha').waitFor();
    await page.locator(tid('confirm-password-input')).fill('senha-errada');
    await page.locator(tid('confirm-password-continue')).click();
    await page.getByText('Senha incorreta').waitFor();
    await screenshot(page, 'timesheet-confirm-password');
    await expectAccessible(page, 'timesheet-confirm-password');
    await page.locator(tid('confirm-password-input')).fill(DEMO_PASSWORD);
    await page.locator(tid('confirm-password-continue')).click();
    await page.getByText('Espelho assinado').waitFor();
    await page.locator(tid('timesheet-sign')).waitFor({ state: 'detached' });
    assert.match(await page.locator(tid('timesheet-signature')).textContent(), /Assinado em/);
    await screenshot(page, 'timesheet-signed');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.locator(tid('timesheet-pdf')).click()]);
    assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString(), '%PDF-');

    // Signing the same rows again is refused; another's month is not hers to read.
    const session = await apiLogin(suite.baseURL, USERS.ana);
    const grid = await api(session, 'GET', 'rh-app/espelho/grid', { mes: lastMonth() });
    assert.equal(grid.status, 403);
    const helena = await apiLogin(suite.baseURL, HELENA);
    const lines = JSON.parse((await api(helena, 'GET', 'rh-app/espelho/grid', { mes: lastMonth() })).body).lines;
    const other = lines.find((l) => !/Ana/.test(l.employee.nome));
    const refused = await api(session, 'GET', 'rh-app/espelho', { mes: lastMonth(), m01Ukey: other.employee.id });
    assert.equal(refused.status, 403);
  } finally {
    await ctx.close();
  }
});

test('marcos reads ana\'s month through the employee picker', { timeout: 60_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, MARCOS);
    await page.goto('/apps/rh/timeSheet/historico');
    await page.locator(tid('timesheet-employee')).click();
    await page.getByRole('option', { name: /Ana/ }).first().click();
    await page.waitForFunction(() => /Ana/.test(document.querySelector('[data-testid="timesheet-employee-name"]')?.textContent ?? ''));
    await page.locator(tid('timesheet-row')).nth(20).waitFor();
    assert.equal(await page.locator(tid('timesheet-sign')).count(), 0, 'only Ana signs her month');
    await screenshot(page, 'timesheet-manager');
  } finally {
    await ctx.close();
  }
});
