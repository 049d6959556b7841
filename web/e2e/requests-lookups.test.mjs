// Request lookups and the requester check (issue 35; spec portal-business §7 CRD1Search,
// isrequester): ana.souza files a draft whose cost centre she finds by typing in the searchable
// select (server search), sees it in the request's view with her requester actions, and the
// API refuses a bad page with 400. Then she files a purchase with an instalment and a cost split
// over a cost and a result centre (GET crd, pedidocompra/parcelas): a split short of 100 % is
// refused in the dialog, the fixed one is shown in the request's view.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, login, newUserContext, screenshot, screenshotWidths, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Opens the new-request dialog on the request list and picks the type named. */
async function newRequestOf(page, type) {
  await page.goto('/apps/request/all');
  await page.locator(tid('request-new')).click();
  const dialog = page.locator(`${tid('request-dialog')}[data-mode="new"]`);
  await dialog.waitFor();
  await page.locator(tid('request-field-tipo')).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  return dialog;
}

test('ana picks a cost centre by searching, and her draft shows it with her requester actions', { timeout: 120_000 }, async () => {
  const anaAPI = await apiLogin(suite.baseURL, USERS.ana);
  const bad = await fetch(`${suite.baseURL}/api/cac-app/request/CRD1Search?tenId=${anaAPI.user.tenId}&page=0`, {
    headers: { authorization: `Bearer ${anaAPI.access_token}` },
  });
  assert.equal(bad.status, 400);

  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    const dialog = await newRequestOf(page, 'Uso e consumo');

    const searched = page.waitForResponse((r) => r.url().includes('/api/cac-app/request/CRD1Search') && r.url().includes('searchQuery=tecno'));
    await page.locator(tid('request-field-centroCusto')).pressSequentially('tecno', { delay: 40 });
    assert.equal((await searched).status(), 200);
    await page.getByRole('option', { name: 'CC-400 · Tecnologia da informação', exact: true }).click();
    await page.locator(tid('request-field-titulo')).fill('Licenças de software');
    await page.locator(tid('request-field-motivo')).fill('Renovação anual');
    await page.locator(tid('request-field-comentario')).fill('Para a equipe de TI.');
    await page.locator(tid('request-field-dataReferencia')).fill('20/11/2026');
    await screenshot(page, 'request-new-cost-centre-pt');
    await expectAccessible(page, 'requests-lookups: request-new-cost-centre-pt');
    const saved = page.waitForResponse((r) => r.url().includes('/api/cac-app/request?') && r.request().method() === 'POST');
    await dialog.locator(tid('request-save')).click();
    const answer = await saved;
    assert.equal(answer.status(), 200, await answer.text());
    assert.equal((await answer.json()).data.centroCusto.code, 'CC-400');

    const view = page.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await view.waitFor();
    await view.locator(tid('request-view-centroCusto')).filter({ hasText: 'CC-400 · Tecnologia da informação' }).waitFor();
    // isrequester answered true: the requester's actions are there, no note.
    await view.locator(tid('request-send-draft')).waitFor();
    assert.equal(await page.locator(tid('request-not-requester')).count(), 0);
    await screenshot(page, 'request-view-cost-centre-pt');
    await expectAccessible(page, 'requests-lookups: request-view-cost-centre-pt');
  } finally {
    await context.close();
  }
});

/** Calls the API as a signed-in user (login answer). */
async function call(session, method, path, query = {}) {
  const q = new URLSearchParams({ tenId: session.user.tenId, ...query });
  const res = await fetch(`${suite.baseURL}${path}?${q}`, { method, headers: { authorization: `Bearer ${session.access_token}` } });
  const text = await res.text();
  return { status: res.status, text, body: text && (text.startsWith('[') || text.startsWith('{')) ? JSON.parse(text) : null };
}

test('ana splits a purchase over a cost and a result centre, with an instalment, and sees both in its view', { timeout: 180_000 }, async () => {
  const anaAPI = await apiLogin(suite.baseURL, USERS.ana);
  // The seed's open purchase would hold her one open purchase: she removes it first.
  const list = await call(anaAPI, 'GET', '/api/cac-app/request', { pageSize: '50' });
  assert.equal(list.status, 200, list.text);
  for (const r of list.body.data.filter((r) => r.tipo === 'compra' && ['draft', 'waiting'].includes(r.status))) {
    const del = await call(anaAPI, 'DELETE', '/api/cac-app/request', { requestId: r.ac4Ukey });
    assert.equal(del.status, 200, del.text);
  }

  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    const dialog = await newRequestOf(page, 'Compra');
    await page.locator(tid('request-field-titulo')).fill('Cadeiras ergonômicas');
    await page.locator(tid('request-field-motivo')).fill('Ergonomia');
    await page.locator(tid('request-field-comentario')).fill('Quatro cadeiras.');
    await page.locator(tid('request-field-dataReferencia')).fill('20/11/2026');

    await page.locator(tid('request-parcela-add')).click();
    await page.locator(tid('request-parcela-vencimento-0')).fill('20/12/2026');
    await page.locator(tid('request-parcela-valor-0')).fill('150,00');

    await page.locator(tid('request-rateio-add')).click();
    await page.locator(tid('request-rateio-centro-0')).pressSequentially('tecno', { delay: 40 });
    await page.getByRole('option', { name: 'CC-400 · Tecnologia da informação', exact: true }).click();
    await page.locator(tid('request-rateio-percentual-0')).fill('60');
    await page.locator(tid('request-rateio-add')).click();
    await page.locator(tid('request-rateio-tipo-1')).click();
    await page.getByRole('option', { name: 'Centro de resultado', exact: true }).click();
    const searched = page.waitForResponse((r) => r.url().includes('/api/cac-app/request/CRD2Search') && r.url().includes('searchQuery=varejo'));
    await page.locator(tid('request-rateio-centro-1')).pressSequentially('varejo', { delay: 40 });
    assert.equal((await searched).status(), 200);
    await page.getByRole('option', { name: 'CR-10 · Vendas varejo', exact: true }).click();
    await page.locator(tid('request-rateio-percentual-1')).fill('30');

    // 60 + 30: refused in the dialog, before any call, with the translated reason.
    await dialog.locator(tid('request-save')).click();
    await dialog.getByText('Os percentuais do rateio devem somar 100 %').waitFor();
    await page.locator(tid('request-rateio-total')).filter({ hasText: '90' }).waitFor();
    await screenshotWidths(page, 'request-new-split-refused-pt', dialog.locator(tid('request-field-rateio')));

    await page.locator(tid('request-rateio-percentual-1')).fill('40');
    const saved = page.waitForResponse((r) => r.url().includes('/api/cac-app/request?') && r.request().method() === 'POST');
    await dialog.locator(tid('request-save')).click();
    const answer = await saved;
    assert.equal(answer.status(), 200, await answer.text());
    const created = (await answer.json()).data;
    assert.deepEqual(created.parcelas, [{ numero: 1, vencimento: '2026-12-20', valor: '150.00' }]);
    assert.deepEqual(created.rateio.map((s) => [s.tipo, s.centro.code, s.percentual]), [['custo', 'CC-400', 60], ['resultado', 'CR-10', 40]]);

    const view = page.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await view.waitFor();
    await view.locator(tid('request-view-rateio')).filter({ hasText: 'CR-10 · Vendas varejo' }).waitFor();
    await view.locator(tid('request-view-parcelas')).filter({ hasText: '20/12/2026' }).waitFor();
    await screenshotWidths(page, 'request-view-split-pt');

    // The same lists over the API; another tenant's tenId and a missing origem are refused.
    const crd = await call(anaAPI, 'GET', '/api/cac-app/crd', { origem: '3', origemId: created.ac4Ukey });
    assert.equal(crd.status, 200, crd.text);
    assert.equal(crd.body.length, 2);
    const noOrigin = await call(anaAPI, 'GET', '/api/cac-app/crd', { origemId: created.ac4Ukey });
    assert.equal(noOrigin.status, 400);
    assert.match(noOrigin.text, /"type":"origem"/);
    const foreign = await call(anaAPI, 'GET', '/api/cac-app/pedidocompra/parcelas', { origem: '3', origemId: created.ac4Ukey, tenId: '00000000-0000-0000-0000-000000000001' });
    assert.ok(foreign.status >= 400 && foreign.status < 500, `another tenId: ${foreign.status}`);
  } finally {
    await context.close();
  }
});
