// The people area (spec portal-business §2 "Team listing", "Colleague card", "Drill-down
// dialog", "Schedule strip and calendar"; §7 "Team and colleague"). Marcos (manager) searches
// his team page by page, opens Ana's card with her mood and the contact QR code (decoded here
// as a phone would), and drills into a department; Ana finds a colleague (no QR, no phone),
// sees the birthdays and hires of the month and the home's notices; Pedro reads his schedule
// with his leave on the calendar; ACMECORP never reaches DEMOCORP's people.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { expectAccessible } from './axe.mjs';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, suiteSql, tid, USERS } from './helpers.mjs';

const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

async function api(session, method, path, { query = {}, body } = {}) {
  const q = new URLSearchParams({ tenId: session.user.tenId, ...query });
  const res = await fetch(`${suite.baseURL}/api/${path}?${q}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Reads the QR canvas's pixels and decodes them as a phone camera would. */
async function decodeQr(page) {
  const img = await page.locator(tid('vcard-qr')).evaluate((canvas) => {
    const ctx = canvas.getContext('2d');
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: d.width, height: d.height, data: Array.from(d.data) };
  });
  assert.equal(img.width, 200, 'QR size 200 (spec §9)');
  const code = jsQR(new Uint8ClampedArray(img.data), img.width, img.height);
  assert.ok(code, 'the QR code decodes');
  return code.data;
}

test('helena pages through the company list; marcos opens Ana\'s card with her mood and a contact QR, and drills into a department', { timeout: 120_000 }, async () => {
  // Ana checks in her mood first: her manager sees it on her avatar.
  const ana = await apiLogin(suite.baseURL, USERS.ana);
  assert.equal((await api(ana, 'POST', 'gen/HumorEnergy', { body: { humor: 4.5, energy: 4.1 } })).status, 200);

  const hrCtx = await newUserContext(suite);
  const ctx = await newUserContext(suite);
  try {
    const hr = await hrCtx.newPage();
    const asked = [];
    hr.on('request', (r) => r.url().includes('/adm-minha-equipe') && asked.push(new URL(r.url())));
    await login(hr, HELENA);
    await hr.goto('/apps/admin-rh/minha-equipe');
    await hr.locator(tid('people-page-adm')).waitFor();
    // Nothing is asked while the search text is empty.
    await hr.locator(tid('people-hint')).waitFor();
    assert.equal(asked.length, 0);

    // "a": the first page (sent as 1) of 30, then the second appended.
    await hr.locator(tid('people-search')).fill('a');
    await hr.locator(tid('person-row')).nth(29).waitFor();
    assert.equal(asked[0].searchParams.get('page'), '1');
    assert.equal(asked[0].searchParams.get('pageSize'), '30');
    const total = Number((await hr.locator(tid('people-count')).textContent()).match(/\d+/)[0]);
    assert.ok(total > 60, `${total} people match "a"`);
    await hr.locator(tid('people-more')).click();
    await hr.locator(tid('person-row')).nth(59).waitFor();
    assert.equal(asked.at(-1).searchParams.get('page'), '2');
    // A new sort direction goes back to the first page, replacing the rows.
    await hr.locator(tid('people-direction')).click();
    await hr.waitForFunction((n) => document.querySelectorAll('[data-testid="person-row"]').length === n, 30);
    assert.equal(asked.at(-1).searchParams.get('page'), '1');
    assert.equal(asked.at(-1).searchParams.get('orderDescending'), 'true');
    await screenshot(hr, 'people-company');

    const page = await ctx.newPage();
    await login(page, MARCOS);
    await page.goto('/apps/gestor-rh/minha-equipe');
    await page.locator(tid('people-page-gestor')).waitFor();

    // Ana, with her mood on the avatar.
    await page.locator(tid('people-search')).fill('ana souza');
    const row = page.locator(tid('person-row'), { hasText: 'Ana Souza' });
    await row.waitFor();
    assert.match(await row.locator(tid('mood-avatar')).getAttribute('aria-label'), /4\.5/);
    await row.locator(tid('person-open')).click();
    const card = page.locator(tid('colleague-card'));
    await card.locator(tid('card-name')).waitFor();
    assert.equal(await card.locator(tid('card-email')).textContent(), 'ana.souza@democorp.com.br');
    await card.getByText('Mais informações').click();
    const link = card.getByRole('link', { name: 'https://www.linkedin.com/in/ana-souza-demo' });
    await link.waitFor();
    assert.equal(await link.getAttribute('target'), '_blank');
    const phone = (await card.locator(tid('card-phone')).textContent()).replace(/^[^:]*:\s*/, '');
    await card.locator(tid('vcard-qr')).waitFor();
    await page.waitForTimeout(300); // the QR library draws after it loads
    const vcard = await decodeQr(page);
    const lines = vcard.split(/\r?\n/);
    for (const want of ['BEGIN:VCARD', 'FN:Ana Souza', 'N:Souza;Ana;;;', 'TITLE:Analista de Operações', 'EMAIL;TYPE=INTERNET:ana.souza@democorp.com.br', `TEL;TYPE=CELL:${phone}`, 'END:VCARD']) {
      assert.ok(lines.includes(want), `vCard has ${want}: ${vcard}`);
    }
    assert.ok(lines.some((l) => l.startsWith('ORG:') && l.length > 4), 'the unit is the organization');
    await screenshot(page, 'people-card-qr');
    await expectAccessible(page, 'people-card-qr');
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });

    // The department drill-down: its people, paged, searchable.
    await row.locator(tid('person-department')).click();
    const drill = page.locator(tid('drilldown-dialog'));
    await drill.locator(tid('person-row')).first().waitFor();
    const inDept = Number((await drill.locator(tid('drilldown-count')).textContent()).match(/\d+/)[0]);
    assert.ok(inDept >= 3);
    await drill.locator(tid('people-search')).fill('pedro');
    await drill.locator(tid('person-row'), { hasText: 'Pedro Almeida' }).waitFor();
    await screenshot(page, 'people-drilldown');
    await expectAccessible(page, 'people-drilldown');
  } finally {
    await Promise.allSettled([ctx.close(), hrCtx.close()]);
  }
});

test('ana finds a colleague (public card only), sees birthdays, hires and the home notices', { timeout: 90_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    // The home's dynamic messages: the ones shown today.
    await page.locator(tid('home-messages')).waitFor();
    assert.equal(await page.locator(tid('home-message')).count(), 3);
    assert.match(await page.locator(tid('home-messages')).textContent(), /Campanha de vacinação/);
    assert.doesNotMatch(await page.locator(tid('home-messages')).textContent(), /Inventário encerrado/);

    await page.goto('/apps/rh/encontrar');
    await page.locator(tid('people-search')).fill('marcos lima');
    const row = page.locator(tid('person-row'), { hasText: 'Marcos Lima' });
    await row.waitFor();
    await row.locator(tid('person-open')).click();
    const card = page.locator(tid('colleague-card'));
    await card.locator(tid('card-name')).waitFor();
    assert.equal(await card.locator(tid('vcard-qr')).count(), 0, 'no QR for an employee');
    assert.equal(await card.locator(tid('card-phone')).count(), 0, 'no phone for an employee');
    await screenshot(page, 'people-find-card');
    await page.keyboard.press('Escape');

    await page.goto('/apps/rh/aniversariantes');
    const ana = page.locator(tid('person-row'), { hasText: 'Ana Souza' });
    await ana.waitFor();
    const mm = String(new Date().getMonth() + 1).padStart(2, '0');
    assert.match(await ana.locator(tid('person-birthday')).textContent(), new RegExp(`Aniversário em \\d{2}/${mm}$`));
    await screenshot(page, 'people-birthdays');

    await page.goto('/apps/rh/admitidos-mes');
    await page.locator(tid('person-hired')).first().waitFor();
    const yyyy = String(new Date().getFullYear());
    for (const text of await page.locator(tid('person-hired')).allTextContents()) {
      assert.match(text, new RegExp(`/${mm}/${yyyy}$`));
    }
    await screenshot(page, 'people-hires');
  } finally {
    await ctx.close();
  }
});

test('pedro reads his schedule: the strip with the future highlighted and his leave on the calendar', { timeout: 90_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.pedro);
    await page.goto('/apps/rh/escala');
    await page.locator(tid('strip-entry')).first().waitFor();
    const kinds = await page.locator(tid('strip-entry')).evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    assert.ok(kinds.includes('5'), 'the leave is on the strip');
    const lastDay = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 0).getDate();
    if (new Date().getDate() < lastDay) assert.ok((await page.locator(`${tid('strip-entry')}[data-future]`).count()) > 0, 'future entries are highlighted');
    const cal = page.locator(tid('work-calendar'));
    await cal.locator(tid('calendar-event'), { hasText: 'Afastamento' }).first().waitFor();
    assert.ok((await cal.locator(`${tid('calendar-event')}[data-status="blocked"]`).count()) > 0, 'rest days are blocked');
    await screenshot(page, 'people-schedule-month');
    await expectAccessible(page, 'people-schedule-month');
    // Week view: business hours and the 06:00 start; list and year views exist.
    await cal.getByRole('button', { name: 'Semana' }).click();
    await cal.locator('.fc-timegrid-slot[data-time="06:00:00"]').first().waitFor();
    await screenshot(page, 'people-schedule-week');
    await cal.getByRole('button', { name: 'Ano' }).click();
    await cal.locator('.fc-multiMonthYear-view').waitFor();
    await cal.getByRole('button', { name: 'Lista' }).click();
    await cal.locator('.fc-list').waitFor();
  } finally {
    await ctx.close();
  }
});

test('ACMECORP never reaches DEMOCORP\'s people', { timeout: 30_000 }, async () => {
  const [marcos, carla] = await Promise.all([apiLogin(suite.baseURL, MARCOS), apiLogin(suite.baseURL, USERS.carla)]);
  const team = await api(marcos, 'GET', 'rh-app/Colaborador/gestor-minha-equipe', { query: { searchText: 'ana souza' } });
  assert.equal(team.status, 200);
  const anaId = team.body.data.find((r) => r.nome === 'Ana Souza').id;
  const card = await api(carla, 'GET', 'rh-app/colaborador/cartao-apresentacao', { query: { m01Ukey: anaId } });
  assert.equal(card.status, 404);
  const forged = await api(carla, 'GET', 'rh-app/colaborador/cartao-apresentacao', { query: { m01Ukey: anaId, tenId: marcos.user.tenId } });
  assert.equal(forged.status, 403);
  const msgs = await api(carla, 'GET', 'gen/DynamicMessage', { query: { codeId: '1' } });
  assert.deepEqual(msgs.body, []);
});

// Issue 29: names sort as a Brazilian reader expects ("Débora" before "Diego", "Técnico" before
// "Tesoureiro"), not by byte, whatever the database's own locale.
test('helena\'s company list sorts names in Brazilian order', { timeout: 90_000 }, async () => {
  await suiteSql(suite, `UPDATE employees e SET name = n.name FROM (
    SELECT id, (ARRAY['Diego Zzcoll', 'Débora Zzcoll', 'Tesoureiro Zzcoll', 'Técnico Zzcoll'])[row_number() OVER (ORDER BY id)] AS name
    FROM employees WHERE status <> 'inactive' AND tenant_id = (SELECT id FROM tenants WHERE access_code = 'DEMOCORP') ORDER BY id LIMIT 4) n
  WHERE e.id = n.id`);
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    await page.goto('/apps/admin-rh/minha-equipe');
    await page.locator(tid('people-search')).fill('zzcoll');
    await page.locator(tid('person-row')).nth(3).waitFor();
    const names = await page.locator(`${tid('person-row')} ${tid('person-open')}`).allTextContents();
    assert.deepEqual(names, ['Débora Zzcoll', 'Diego Zzcoll', 'Técnico Zzcoll', 'Tesoureiro Zzcoll']);
    await screenshot(page, 'people-collation');
  } finally {
    await ctx.close();
  }
});
