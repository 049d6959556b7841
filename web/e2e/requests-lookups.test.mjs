// Request lookups and the requester check (issue 35; spec portal-business §7 CRD1Search,
// isrequester): ana.souza files a draft whose cost centre she finds by typing in the searchable
// select (server search), sees it in the request's view with her requester actions, and the
// API refuses a bad page with 400.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

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
    await page.goto('/apps/request/all');
    await page.locator(tid('request-new')).click();
    const dialog = page.locator(`${tid('request-dialog')}[data-mode="new"]`);
    await dialog.waitFor();
    await page.locator(tid('request-field-tipo')).click();
    await page.getByRole('option', { name: 'Uso e consumo', exact: true }).click();

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
