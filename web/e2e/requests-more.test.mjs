// Requests, the loose ends of issue 35 (spec portal-business §7 PUT request rank, §8 bulk-delete
// outcomes): ana.souza drags a request up her list and the order survives a reload; then she
// deletes two requests at once, one of which her manager already approved, and sees the
// partial outcome with that request's reason.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Calls the API as a signed-in user (login answer). */
async function call(session, method, path, { query = {}, body } = {}) {
  const q = new URLSearchParams({ tenId: session.user.tenId, ...query });
  const res = await fetch(`${suite.baseURL}${path}?${q}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function file(session, tipo, titulo, enviar = false) {
  const res = await call(session, 'POST', '/api/cac-app/request', {
    body: { tipo, titulo, motivo: 'Trabalho', comentario: 'e2e', dataReferencia: '2024-05-10T09:00:00-03:00', enviar },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.id;
}

/** The ids of the list's rows, top to bottom, once the list is ready. */
async function order(page) {
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.status === 'ready', tid('request-list'));
  return page.locator(tid('request-row')).evaluateAll((rows) => rows.map((r) => r.dataset.requestId));
}

const frame = (id) => `${tid('request-row-frame')}[data-request-id="${id}"]`;

test('ana drags a request to the top and keeps the order after a reload; a bulk delete deletes some and names the refused one', { timeout: 120_000 }, async () => {
  const [anaAPI, marcosAPI] = await Promise.all([apiLogin(suite.baseURL, USERS.ana), apiLogin(suite.baseURL, MARCOS)]);
  // Types the seed left without an open request of Ana's (one open request per type).
  const reviewed = await file(anaAPI, 'beneficio', 'Vale cultura', true);
  const approved = await call(marcosAPI, 'POST', '/api/cac-app/request/approve', { body: { requestId: reviewed, step: 0 } });
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  const epi = await file(anaAPI, 'medicamento', 'Antialérgico');
  const compra = await file(anaAPI, 'usoeconsumo', 'Canetas');

  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/request/all');
    await page.locator(frame(compra)).waitFor();
    const before = await order(page);
    // A new request takes the next rank after the list's highest: the three go last, in filing order.
    assert.ok(before.indexOf(reviewed) < before.indexOf(epi) && before.indexOf(epi) < before.indexOf(compra), `new requests go last: ${before}`);
    assert.notEqual(before[0], reviewed);

    // Drag the benefit request (the first of the three) above the top row, by its handle.
    const handle = page.locator(`${frame(reviewed)} ${tid('request-row-handle')}`);
    const top = page.locator(`${frame(before[0])} ${tid('request-row-handle')}`);
    const from = await handle.boundingBox();
    const to = await top.boundingBox();
    const ranked = page.waitForResponse((r) => r.url().includes('/api/cac-app/request?') && r.request().method() === 'PUT');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
    await page.mouse.up();
    assert.equal((await ranked).status(), 200);
    await page.waitForFunction(
      ([sel, id]) => document.querySelector(sel)?.dataset.requestId === id,
      [tid('request-row'), reviewed],
    );
    // Every changed rank sent (one PUT per row whose rank changes), then the list reloaded.
    await page.waitForFunction((sel) => !document.querySelector(sel)?.dataset.ranking, tid('request-list-area'));
    await page.waitForTimeout(1500);
    const moved = await order(page);
    assert.equal(moved[0], reviewed, `dragged to the top: ${moved}`);
    await screenshot(page, 'requests-rank-dragged-pt');

    await page.reload();
    await page.locator(frame(compra)).waitFor();
    const reloaded = await order(page);
    assert.deepEqual(reloaded, moved, 'the order persists after a reload');

    // Bulk delete: the draft goes, the request Marcos approved stays with its reason (§8 partial).
    for (const id of [reviewed, epi]) await page.locator(`${frame(id)} ${tid('request-row-pick')}`).check();
    await page.locator(tid('request-bulk-delete')).click();
    await page.locator(tid('request-bulk-confirm-ok')).click();
    const outcome = page.locator(tid('request-bulk-outcome'));
    await outcome.waitFor();
    assert.equal(await outcome.getAttribute('data-outcome'), 'partial');
    await outcome.getByText('Exclusão parcial: 1 excluídas, 1 recusadas.').waitFor();
    const refused = outcome.locator(`${tid('request-bulk-refused')} li[data-request-id="${reviewed}"]`);
    assert.match(await refused.textContent(), /^Vale cultura: .+/);
    assert.doesNotMatch(await refused.textContent(), /solicitacao_/);
    await page.locator(frame(epi)).waitFor({ state: 'detached' });
    assert.ok(await page.locator(frame(reviewed)).isVisible());
    assert.ok(await page.locator(frame(compra)).isVisible());
    await screenshot(page, 'requests-bulk-partial-pt');
    await expectAccessible(page, 'requests-more: requests-bulk-partial-pt');
  } finally {
    await context.close();
  }
});
