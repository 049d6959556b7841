// Vacations (spec portal-business §2 Vacations, §4, §5): ana.souza is refused a 4-day
// vacation with the rule's message before sending, then requests a valid one; her balance
// drops. marcos.lima (her manager) approves it and sees it on the map; helena.rh approves at
// the HR step; marcos's map and ana's vacations follow live (no reload) and the vacation is
// scheduled.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';
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

async function balance(page) {
  const el = page.locator(tid('vacation-balance'));
  await el.waitFor();
  return Number(await el.getAttribute('data-balance'));
}

/**
 * The first day of the picker's month that may start a vacation by the calendar shown: a
 * work day after today whose next two days are work days too (no rest day or holiday).
 */
async function pickValidStart(page) {
  await page.locator('[data-kind="rest"]').first().waitFor(); // the month's schedule arrived
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll('[data-testid^="picker-day-"]')];
    for (let i = 0; i + 2 < cells.length; i++) {
      const [a, b, c] = cells.slice(i, i + 3);
      if (a.disabled) continue;
      if ([a, b, c].every((x) => x.dataset.kind === 'work')) return a.dataset.testid.replace('picker-day-', '');
    }
    return null;
  });
}

/** Moves a FullCalendar month view forward until an event with text shows (at most 3 months). */
async function findOnMap(page, text) {
  const event = page.locator('.fc-event', { hasText: text });
  for (let i = 0; i < 4; i++) {
    if ((await event.count()) > 0) return event.first();
    if (i === 3) break;
    await page.locator('.fc-next-button').click();
    await page.waitForTimeout(300);
  }
  throw new Error(`no "${text}" on the map`);
}

test('ana is refused a 4-day vacation, requests a valid one; marcos and HR approve; map and balance follow live', { timeout: 150_000 }, async () => {
  const anaCtx = await newUserContext(suite);
  const marcosCtx = await newUserContext(suite);
  const helenaCtx = await newUserContext(suite);
  try {
    // Ana: her balance first.
    const ana = await anaCtx.newPage();
    await login(ana, USERS.ana);
    await ana.goto('/apps/rh/myVaccations');
    const before = await balance(ana);
    assert.ok(before >= 10, `ana has a balance (${before})`);
    await ana.locator(tid('vacation-periods')).waitFor();
    await screenshot(ana, 'vacations-my-before');

    // The request screen: 4 days are refused with the rule's message before sending.
    await ana.locator(tid('go-request')).click();
    await ana.waitForURL('**/apps/rh/requestVaccations');
    const start = await pickValidStart(ana);
    assert.ok(start, 'a valid start in the picker month');
    await ana.locator(tid('request-days')).fill('4');
    await ana.locator(tid(`picker-day-${start}`)).click();
    const refusal = ana.locator(tid('request-refusal'));
    await refusal.getByText('As férias não podem ter menos de 5 dias.').waitFor();
    assert.equal(await ana.locator(tid('request-send')).isDisabled(), true);
    await screenshot(ana, 'vacations-request-refused');
    await expectAccessible(ana, 'vacations: request refused');

    // A start in the two days before the weekend is refused too, with its own rule.
    const friday = await ana.evaluate(() => {
      const f = [...document.querySelectorAll('[data-testid^="picker-day-"]')].find(
        (b) => !b.disabled && b.dataset.kind === 'work' && b.nextElementSibling?.dataset.kind === 'rest',
      );
      return f?.dataset.testid.replace('picker-day-', '') ?? null;
    });
    assert.ok(friday, 'a work day before a rest day in the picker month');
    await ana.locator(tid('request-days')).fill('10');
    await ana.locator(tid(`picker-day-${friday}`)).click();
    await refusal.getByText('dois dias que antecedem').waitFor();

    // A valid request: 10 days from a start the calendar allows.
    await ana.locator(tid('request-days')).fill('10');
    await ana.locator(tid(`picker-day-${start}`)).click();
    await ana.locator(tid('request-ok')).getByText('Aprovação: Gestor → RH').waitFor();
    await screenshot(ana, 'vacations-request-ok');
    await ana.locator(tid('request-send')).click();
    await ana.waitForURL('**/apps/rh/myVaccations');
    await ana.waitForFunction((want) => Number(document.querySelector('[data-testid="vacation-balance"]')?.dataset.balance) === want, before - 10);
    const leave = ana.locator(tid('vacation-leave')).first();
    assert.equal(await leave.locator(tid('leave-status')).getAttribute('data-status'), 'pending');
    await ana.evaluate(() => {
      window.__e2eNoReload = true;
    });

    // Marcos: the map (waiting requests shown) in one tab, the approvals in another.
    const map = await marcosCtx.newPage();
    await login(map, MARCOS);
    await map.goto('/apps/gestor-rh/mapVaccations/filter/0');
    const pendingEvent = await findOnMap(map, 'Ana Souza');
    assert.match(await pendingEvent.textContent(), /Aguardando aprovação/);
    await map.evaluate(() => {
      window.__e2eNoReload = true;
    });
    const approvals = await marcosCtx.newPage();
    await approvals.goto('/apps/gestor-rh/aprovacao-ferias');
    const row = approvals.locator(tid('approval-row'), { hasText: 'Ana Souza' });
    await row.waitFor();
    await screenshot(approvals, 'vacations-approvals-manager');
    await row.locator(tid('approve')).click();
    await approvals.locator(tid('approvals-empty')).waitFor();

    // Ana sees the HR step waited for, live.
    await ana.locator(tid('leave-step')).getByText('Aguardando: RH').waitFor();

    // Helena approves at the HR step.
    const helena = await helenaCtx.newPage();
    await login(helena, HELENA);
    await helena.goto('/apps/gestor-rh/aprovacao-ferias/waiting');
    const hrRow = helena.locator(tid('approval-row'), { hasText: 'Ana Souza' });
    await hrRow.waitFor();
    await hrRow.locator(tid('approve')).click();
    await helena.locator(tid('approvals-empty')).waitFor();

    // Marcos's open map shows it scheduled at once, without a reload.
    await map.locator('.fc-event', { hasText: 'Ana Souza · Agendadas' }).first().waitFor();
    assert.equal(await map.evaluate(() => window.__e2eNoReload), true, 'the map was not reloaded');
    await screenshot(map, 'vacations-map-manager');
    await map.locator(tid('map-view')).getByText('Quem está fora').click();
    await map.locator(tid('away-row')).first().waitFor();
    await screenshot(map, 'vacations-map-grid');

    // Helena's admin map (the whole tenant, then the Operações department) shows it too.
    await helena.goto('/apps/admin-rh/mapVaccations/filter/1');
    await findOnMap(helena, 'Ana Souza · Agendadas');
    await helena.locator(tid('map-department')).click();
    await helena.getByRole('option', { name: 'Operações' }).click();
    await helena.locator('.fc-event', { hasText: 'Ana Souza · Agendadas' }).first().waitFor();
    await screenshot(helena, 'vacations-map-admin');

    // The approved-only map lists it as well.
    await map.goto('/apps/gestor-rh/mapVaccations/filter/1');
    await findOnMap(map, 'Ana Souza · Agendadas');

    // Ana's page followed live: scheduled, balance down by the 10 days, 10 scheduled.
    await ana.locator(tid('leave-status')).first().and(ana.locator('[data-status="scheduled"]')).waitFor();
    assert.equal(await ana.evaluate(() => window.__e2eNoReload), true, "ana's page was not reloaded");
    assert.equal(await balance(ana), before - 10);
    assert.equal(await ana.locator(tid('balance-scheduled')).getAttribute('data-value'), '10');
    await screenshot(ana, 'vacations-my-after');

    // The vacation went through the requests area's chain: its request of origin Ferias (10)
    // is approved by HR.
    const anaAPI = await apiLogin(suite.baseURL, USERS.ana);
    const res = await fetch(`${suite.baseURL}/api/cac-app/request?tenId=${anaAPI.user.tenId}&types=10&filterHandle=all`, {
      headers: { authorization: `Bearer ${anaAPI.access_token}` },
    });
    assert.equal(res.status, 200);
    const requests = (await res.json()).data;
    assert.equal(requests.length, 1, 'one request of origin Ferias');
    assert.equal(requests[0].origem, 10);
    assert.equal(requests[0].approvalStatus, 'approved_hr');

    // History and the work-schedule dialog.
    await ana.goto('/apps/rh/ferias-historico');
    await ana.locator(tid('history-leaves')).locator(tid('vacation-leave')).first().waitFor();
    await screenshot(ana, 'vacations-history');
    await ana.goto('/apps/rh/myVaccations');
    await ana.locator(tid('open-schedule')).click();
    await ana.locator('.fc-list-event').first().waitFor();
    await screenshot(ana, 'vacations-schedule-dialog');
    await expectAccessible(ana, 'vacations: work-schedule dialog');
  } finally {
    await Promise.allSettled([anaCtx.close(), marcosCtx.close(), helenaCtx.close()]);
  }
});

test('marcos plans a period for ana on the planning screen; a 3-day plan is refused', { timeout: 90_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, MARCOS);
    await page.goto('/apps/gestor-rh/planejamento-ferias');
    await page.locator(tid('plan-member')).click();
    await page.getByRole('option', { name: /Ana Souza/ }).click();
    const year = new Date().getFullYear() + 1;
    // The first Monday of March of next year: a work day with work days after it.
    const monday = await page.evaluate((y) => {
      const d = new Date(Date.UTC(y, 2, 1));
      while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
      return d.toISOString().slice(0, 10);
    }, year);
    await page.locator(tid('plan-start')).fill(monday);
    await page.locator(tid('plan-days')).fill('3');
    await page.locator(tid('plan-add')).click();
    await page.locator(tid('plan-refusal')).getByText('As férias não podem ter menos de 5 dias.').waitFor();
    await page.locator(tid('plan-days')).fill('15');
    await page.locator(tid('plan-add')).click();
    await page.locator(tid('plan-row'), { hasText: 'Ana Souza' }).waitFor();
    await screenshot(page, 'vacations-planning');
  } finally {
    await ctx.close();
  }
});
