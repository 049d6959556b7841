// HR marking (issue 30): helena (HR) records a mark for ana on /apps/admin-rh/marcacao with a
// reason; the recent list shows it; ana's day (/apps/rh/ponto-dia) shows it as HR's, with
// helena's name and the reason. A mark without reason is refused on its field and writes nothing.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite({ timeoutMs: 120_000 }); // a loaded host starts slowly
});
after(async () => {
  await suite?.stop();
});

/** Yesterday in São Paulo (UTC-3), YYYY-MM-DD, and as typed in pt (DD/MM/YYYY). */
function yesterday() {
  const iso = new Date(Date.now() - 27 * 3600_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${d}/${m}/${y}` };
}

test('helena records a mark for ana; ana sees it marked as HR\'s in her day', { timeout: 180_000 }, async () => {
  const day = yesterday();
  const hr = await newUserContext(suite);
  const page = await hr.newPage();
  await login(page, HELENA);
  await page.goto('/apps/admin-rh/marcacao');
  await page.locator(tid('hr-mark-page')).waitFor();

  await page.locator(tid('hr-mark-employee')).click();
  await page.locator(tid('hr-mark-employee')).fill('Ana Souza');
  await page.getByRole('option', { name: /Ana Souza/ }).first().click();
  const date = page.locator(tid('hr-mark-date'));
  await date.fill(day.typed);
  await date.press('Tab');
  await page.locator(tid('hr-mark-time')).fill('12:37');

  // Without a reason: refused on its field, nothing recorded.
  await page.locator(tid('hr-mark-submit')).click();
  await page.getByText('Campo obrigatório.').first().waitFor();

  await page.locator(tid('hr-mark-reason')).fill('Relógio da portaria quebrado');
  await page.locator(tid('hr-mark-submit')).click();
  const row = page.locator(tid('hr-mark-row')).filter({ hasText: 'Relógio da portaria quebrado' });
  await row.first().waitFor();
  await page.waitForTimeout(2000); // the read model's row replaces the optimistic one
  assert.match(await row.first().innerText(), /Ana Souza/);
  await screenshot(page, 'hr-marks-recorded');
  await expectAccessible(page, 'hr-marks: hr-marks-recorded');
  await hr.close();

  const ana = await newUserContext(suite);
  const anaPage = await ana.newPage();
  await login(anaPage, USERS.ana);
  await anaPage.goto(`/apps/rh/ponto-dia/${day.iso}`);
  const mark = anaPage.locator(tid('adjust-mark-row')).filter({ hasText: '12:37' });
  await mark.locator(tid('adjust-mark-by-hr')).waitFor();
  const detail = await mark.locator(tid('adjust-mark-by-hr-detail')).innerText();
  assert.match(detail, /Registrada pelo RH: .*Helena.* — Relógio da portaria quebrado/);
  await screenshot(anaPage, 'hr-marks-ana-day');
  await expectAccessible(anaPage, 'hr-marks: hr-marks-ana-day');
  await ana.close();
});
