// Punch adjustments (spec portal-business §2 aprovacao-ajustes, §3 origin AjustePonto, §6
// switch solicita_ajuste_ponto): ana punches, then on /apps/rh/ponto-dia asks to correct the
// mark's time; marcos, her manager, sees the request arrive on /apps/gestor-rh/aprovacao-ajustes
// without reloading and approves it; ana's open page shows the corrected mark, flagged as
// adjusted with its punched time, without reloading. HR sees it on the admin-rh screen.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, openClock, PLACES, screenshot, startSuite, tid, USERS, waitLive } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Punches for a signed-in user through the API, at Ana's office; answers the mark's local time. */
async function punch(session) {
  const q = new URLSearchParams({ tenId: session.user.tenId, userHash: session.user.hash });
  const { latitude, longitude } = PLACES.democorpOffice;
  const place = { endereco: 'Av. Paulista, 1000', latitude: String(latitude), longitude: String(longitude) };
  const res = await fetch(`${suite.baseURL}/api/rh-app/colaborador/v2/registrar-ponto?${q}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ n09_001_t: '2024-01-01T00:00:00', bygoogle: false, localSelecionado: place, localCapturado: place, cercaVirtual: [], cercaProxima: null }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.data.n09_001_t.slice(11, 16);
}

/** An earlier time of the same day than hhmm (one hour before, or midnight). */
function earlier(hhmm) {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === 0) return '00:00';
  return `${String(h - 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Opens a page as user on path and waits until its live stream is connected. */
async function openAs(user, path, options) {
  const context = await newUserContext(suite, options);
  const page = await context.newPage();
  await login(page, user);
  const stream = waitLive(page);
  await page.goto(path);
  await stream;
  await page.evaluate(() => {
    window.__e2eNoReload = true; // gone if the page reloads
  });
  return { context, page };
}

const stillSamePage = (page) => page.evaluate(() => window.__e2eNoReload === true);

test('ana asks to correct a punch, marcos approves it, ana sees the corrected mark live', { timeout: 120_000 }, async (t) => {
  const anaAPI = await apiLogin(suite.baseURL, USERS.ana);
  const punched = await punch(anaAPI);
  const wanted = punched === '00:00' ? '00:00' : earlier(punched);

  const marcos = await openAs(MARCOS, '/apps/gestor-rh/aprovacao-ajustes');
  const ana = await openAs(USERS.ana, '/apps/rh/ponto-dia');
  try {
    const { page } = ana;
    await marcos.page.locator(tid('adjust-empty')).waitFor();

    // Ana's day shows the punch; she asks to move it.
    await page.locator(tid('adjust-mark-time')).filter({ hasText: punched }).waitFor();
    await page.locator(tid('adjust-mark-button')).first().click();
    await page.locator(tid('adjust-time')).fill(wanted);
    await page.locator(tid('adjust-reason')).fill('Esqueci de marcar na entrada');
    await screenshot(page, 'adjustments-ask-dialog-pt');
    await expectAccessible(page, 'adjustments: adjustments-ask-dialog-pt');
    const asked = page.waitForResponse((r) => r.url().includes('/ajuste-ponto') && r.request().method() === 'POST');
    await page.locator(tid('adjust-send')).click();
    assert.equal((await asked).status(), 200);
    await page.locator(tid('adjust-request-status')).filter({ hasText: 'Aguardando gestor' }).waitFor();

    // Ana keeps the quick clock open: its recent-marks list follows the approval too.
    await openClock(page);
    await page.locator(tid('clock-mark')).first().waitFor();
    assert.equal(await page.locator(tid('clock-mark-adjusted')).count(), 0);

    // The request reaches marcos's open list without a reload.
    const item = marcos.page.locator(tid('adjust-item'));
    await item.waitFor();
    assert.equal(await item.locator(tid('adjust-item-what')).textContent(), `${punched} → ${wanted}`);
    assert.ok(await stillSamePage(marcos.page), 'marcos reloaded');
    await screenshot(marcos.page, 'adjustments-manager-waiting-pt');
    await expectAccessible(marcos.page, 'adjustments: adjustments-manager-waiting-pt');

    const decided = marcos.page.waitForResponse((r) => r.url().includes('/ajuste-ponto/decidir'));
    await item.locator(tid('adjust-approve')).click();
    const answer = await decided;
    const t0 = Date.now();
    assert.equal(answer.status(), 200);
    await marcos.page.locator(tid('adjust-empty')).waitFor();

    // The clock's recent marks show the corrected time, flagged, without reloading.
    const adjustedMark = page.locator(tid('clock-mark')).filter({ has: page.locator(tid('clock-mark-adjusted')) });
    await adjustedMark.waitFor({ timeout: 5_000 });
    assert.match(await adjustedMark.textContent(), new RegExp(`${wanted}:00`));
    await screenshot(page, 'adjustments-clock-recent-marks-pt');
    await page.keyboard.press('Escape');
    await page.locator(tid('clock-mark')).first().waitFor({ state: 'hidden' });

    // Ana's page shows the corrected mark, flagged, with the punched time, without reloading.
    await page.locator(tid('adjust-mark-time')).filter({ hasText: wanted }).waitFor({ timeout: 5_000 });
    t.diagnostic(`corrected mark shown ${Date.now() - t0} ms after the approval answered`);
    const row = page.locator(tid('adjust-mark-row')).filter({ hasText: wanted });
    await row.locator(tid('adjust-mark-adjusted')).waitFor();
    if (wanted !== punched) await row.getByText(`antes ${punched}`).waitFor();
    await page.locator(tid('adjust-request-status')).filter({ hasText: 'Aprovada' }).waitFor();
    assert.ok(await stillSamePage(page), 'ana reloaded');
    await screenshot(page, 'adjustments-day-corrected-pt');
    await expectAccessible(page, 'adjustments: adjustments-day-corrected-pt');

    // The approved request is on marcos's "approved" filter, with nothing left to decide.
    await marcos.page.locator(tid('adjust-filter')).getByText('Aprovadas').click();
    await marcos.page.waitForURL('**/aprovacao-ajustes/approved');
    await marcos.page.locator(tid('adjust-item')).waitFor();
    assert.equal(await marcos.page.locator(tid('adjust-approve')).count(), 0);
    await screenshot(marcos.page, 'adjustments-manager-approved-pt');
  } finally {
    await Promise.allSettled([ana.context.close(), marcos.context.close()]);
  }

  // HR sees every adjustment of the tenant on the admin screen.
  const helena = await openAs(HELENA, '/apps/admin-rh/aprovacao-ajustes/all');
  try {
    await helena.page.locator(tid('adjust-item')).waitFor();
    await screenshot(helena.page, 'adjustments-admin-all-pt');
  } finally {
    await helena.context.close();
  }
});

test('the ask is refused with a translated message when the switch is off', { timeout: 60_000 }, async () => {
  // marcos has no switch on: the server refuses, whatever a client sends.
  const session = await apiLogin(suite.baseURL, MARCOS);
  const q = new URLSearchParams({ tenId: session.user.tenId, userHash: session.user.hash });
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const res = await fetch(`${suite.baseURL}/api/rh-app/colaborador/ajuste-ponto?${q}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tipo: 'abonar', data: today, motivo: 'x' }),
  });
  assert.equal(res.status, 403);
  assert.deepEqual((await res.json()).errors, [{ type: 'tipo', message: 'abono_ponto_nao_permitido' }]);
});
