// Issue 30, fences: HR draws a fence on /apps/admin-rh/cerca (a radius of 0 is refused with
// the translated message and nothing is written), assigns it to Ana, who sees it on
// /apps/rh/cerca; a punch at its centre is accepted and one 6 km away refused.
// The map tiles are one transparent PNG served inline (MAP_TILE_URL): no internet.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, login, newUserContext, openClock, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const EMPTY_TILE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
// Santo Amaro, São Paulo: ~12 km from Ana's own fences (Paulista, Jardins; 500 m each).
const CENTRE = { latitude: -23.65, longitude: -46.75 };
// 6 km south of the centre (0.054° of latitude).
const FAR = { latitude: -23.704, longitude: -46.75 };
const NAME = 'Cerca Santo Amaro';

let suite;
before(async () => {
  suite = await startSuite({ env: { MAP_TILE_URL: EMPTY_TILE }, timeoutMs: 240_000 });
});
after(async () => {
  await suite?.stop();
});

/** A user's context; the map's chunk may take a while on a loaded machine. */
async function context(geolocation) {
  const ctx = await newUserContext(suite, geolocation ? { geolocation } : undefined);
  ctx.setDefaultTimeout(30_000);
  return ctx;
}

async function register(page) {
  const answer = page.waitForResponse((r) => r.url().includes('/v2/registrar-ponto') && r.request().method() === 'POST');
  await page.locator(tid('clock-register')).click();
  return answer;
}

/**
 * Every name is on the map once, and no label covers another: fences whose centres are close at
 * this zoom (the demo's share addresses) share one label. A label whose fence is in view lies
 * wholly inside the map and clear of its zoom buttons.
 */
async function checkLabels(page, names) {
  const map = page.locator(tid('fence-map'));
  const { edge, zoom, labels } = await map.evaluate((m) => ({
    edge: m.getBoundingClientRect().toJSON(),
    zoom: m.querySelector('.leaflet-control-zoom').getBoundingClientRect().toJSON(),
    labels: [...m.querySelectorAll('.fence-label')].map((l) => ({
      lines: [...l.firstElementChild.children].map((d) => d.textContent),
      anchor: l.getBoundingClientRect().toJSON(),
      box: l.firstElementChild.getBoundingClientRect().toJSON(),
    })),
  }));
  assert.deepEqual(labels.flatMap((l) => l.lines).sort(), names);
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => assert.ok(!overlap(a.box, b.box), `${a.lines} covers ${b.lines}`)));
  const inView = (p) => p.left >= edge.left && p.left <= edge.right && p.top >= edge.top && p.top <= edge.bottom;
  for (const l of labels.filter((l) => inView(l.anchor))) {
    const b = l.box;
    assert.ok(b.left >= edge.left && b.right <= edge.right && b.top >= edge.top && b.bottom <= edge.bottom, `${l.lines} crosses the map's edge`);
    assert.ok(!overlap(b, zoom), `${l.lines} lies under the zoom buttons`);
  }
}

/** Runs check until it passes, for up to 5 s; its last failure otherwise. */
async function settled(check) {
  for (let tries = 0; ; tries++) {
    try {
      return await check();
    } catch (e) {
      if (tries === 50) throw e;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
}

test('hr draws a fence, assigns it to ana, who sees it and punches inside but not 6 km away', { timeout: 300_000 }, async () => {
  const hr = await context();
  try {
    const page = await hr.newPage();
    await login(page, HELENA);
    await page.goto('/apps/admin-rh/cerca');
    await page.locator(tid('fence-admin-page')).waitFor();
    // The demo's fences, seeded through the fence events.
    await page.locator(`${tid('fence-item')}[data-name="Escritório Paulista"]`).waitFor();
    const seeded = await page.locator(tid('fence-item')).count();
    // Every fence has its ring and its centre on the map.
    await page.waitForFunction((n) => document.querySelectorAll('.fence-ring').length === n, seeded);
    assert.equal(await page.locator('.fence-centre').count(), seeded);
    const names = await page.locator(tid('fence-item')).evaluateAll((items) => items.map((i) => i.getAttribute('data-name')).sort());
    await checkLabels(page, names);
    // At 390 px the fitted view's edge fences keep their whole label inside the map, clear of the zoom buttons.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(tid('fence-map')).scrollIntoViewIfNeeded();
    // Leaflet refits the map at its next animation frame, then the labels regroup.
    await settled(() => checkLabels(page, names));
    await screenshot(page, 'fence-admin-list-pt-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    await screenshot(page, 'fence-admin-list-pt');

    // A radius of 0: 400, the translated message on the field, nothing written.
    await page.locator(tid('fence-new')).click();
    await page.locator(tid('fence-name')).fill(NAME);
    await page.locator(tid('fence-lat')).fill(String(CENTRE.latitude));
    await page.locator(tid('fence-lon')).fill(String(CENTRE.longitude));
    await page.locator(tid('fence-radius')).fill('0');
    const refused = page.waitForResponse((r) => r.url().includes('/api/rh-app/cerca/adm') && r.request().method() === 'POST');
    await page.locator(tid('fence-save')).click();
    const bad = await refused;
    assert.equal(bad.status(), 400);
    assert.deepEqual((await bad.json()).errors, [{ type: 'radius', message: 'raio_fora_intervalo' }]);
    await page.getByText('O raio deve ser um número inteiro de 50 a 5.000 metros').waitFor();
    await screenshot(page, 'fence-admin-radius-refused-pt');
    await expectAccessible(page, 'fence: fence-admin-radius-refused-pt');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('portal-session')).state.accessToken);
    const list = await page.evaluate(
      async ([t]) => (await fetch('/api/rh-app/cerca/adm?tenId=' + JSON.parse(localStorage.getItem('portal-session')).state.user.tenId, { headers: { authorization: 'Bearer ' + t } })).json(),
      [token],
    );
    assert.equal(list.fences.length, seeded, 'the refused fence was not written');

    // A valid radius: saved, listed, drawn.
    await page.locator(tid('fence-radius')).fill('300');
    const created = page.waitForResponse((r) => r.url().includes('/api/rh-app/cerca/adm') && r.request().method() === 'POST');
    await page.locator(tid('fence-save')).click();
    assert.equal((await created).status(), 200);
    await page.getByText('Cerca salva.').waitFor();
    const item = page.locator(`${tid('fence-item')}[data-name="${NAME}"]`);
    await item.waitFor();
    assert.match(await item.textContent(), /Raio de 300 m/);

    // Assign it to Ana through the search.
    await item.locator(tid('fence-assign')).click();
    const dialog = page.locator(tid('fence-assign-dialog'));
    await dialog.waitFor();
    await dialog.locator(tid('fence-assign-employees')).click();
    await dialog.locator(tid('fence-assign-employees')).fill('Ana Souza');
    await page.getByRole('option', { name: /Ana Souza/ }).first().click();
    await screenshot(page, 'fence-admin-assign-pt');
    // Escape closes the employees' dropdown only (Mantine keeps the dialog open).
    await page.keyboard.press('Escape');
    await page.getByRole('option', { name: /Ana Souza/ }).first().waitFor({ state: 'hidden' });
    await dialog.waitFor();
    // Scanned with the dropdown closed: its option list scrolls by the arrow keys on the input (aria-activedescendant).
    await expectAccessible(page, 'fence: assign dialog');
    const assigned = page.waitForResponse((r) => r.url().includes('/atribuicao') && r.request().method() === 'PUT');
    await dialog.locator(tid('fence-assign-save')).click();
    assert.equal((await assigned).status(), 200);
    await item.getByText('Ana Souza').waitFor();
    assert.match(await item.textContent(), /1 colaborador/);
    await screenshot(page, 'fence-admin-pt');
  } finally {
    await hr.close();
  }

  // Ana at the new fence's centre: she sees it, and her punch is accepted.
  const inside = await context(CENTRE);
  try {
    const page = await inside.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/rh/cerca');
    await page.locator(tid('fence-mine-page')).waitFor();
    await page.locator(tid('fence-mine-item')).filter({ hasText: NAME }).waitFor();
    assert.match(await page.locator(tid('fence-mine-list')).textContent(), /Cerca Santo Amaro raio de 300 m/);
    assert.equal(await page.locator(tid('fence-mine-item')).count(), 3, 'her two fences and the new one');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, '.fence-ring');
    await screenshot(page, 'fence-mine-pt');
    await expectAccessible(page, 'fence: fence-mine-pt');

    await openClock(page);
    const res = await register(page);
    assert.equal(res.status(), 200);
    await page.locator('.mantine-Notification-root').getByText('Marcação salva com sucesso').waitFor(); // the toast (the announcer repeats it)
  } finally {
    await inside.close();
  }

  // 6 km away: outside every fence of hers.
  const far = await context(FAR);
  try {
    const page = await far.newPage();
    await login(page, USERS.ana);
    await openClock(page);
    const res = await register(page);
    assert.equal(res.status(), 422);
    assert.equal((await res.json()).message, 'fora_da_area');
    await page.getByText('Você está fora da área', { exact: true }).waitFor();
    await screenshot(page, 'fence-punch-outside-pt');
    await expectAccessible(page, 'fence: fence-punch-outside-pt');
  } finally {
    await far.close();
  }
});
