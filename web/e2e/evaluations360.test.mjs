// The 360 evaluations to answer (spec portal-business §2 route table, the {token} row:
// filter/:filterHandle/:eval360Id?, :folderHandle/:eval360Id?; §4 survey answering): HR opens
// a 360 of Pedro with Ana as a peer; Ana finds it on the page through the menu, opens it from
// the pending filter, answers it with the carousel of the sign-in drawer, finishes through the
// confirm dialog and then sees it read-only, also after a reload under the finished filter.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Calls /api/avaliacao360/<path> as a signed-in user (login answer). */
async function call(session, method, path, { query = {}, body } = {}) {
  const q = new URLSearchParams({ tenId: session.user.tenId, ...query });
  const res = await fetch(`${suite.baseURL}/api/avaliacao360/${path}?${q}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The sign-in drawer "pesquisas e enquetes" opens over the page when surveys are pending. */
async function closePendingDrawer(page) {
  const drawer = page.locator(tid('pending-surveys-drawer'));
  await drawer.getByText('pesquisas e enquetes').waitFor({ timeout: 5_000 }).catch(() => undefined);
  if (await drawer.getByText('pesquisas e enquetes').isVisible().catch(() => false)) {
    await page.keyboard.press('Escape');
    await drawer.getByText('pesquisas e enquetes').waitFor({ state: 'hidden' });
  }
}

test('Ana opens a 360 from its page, answers it, finishes and sees it read-only', { timeout: 120_000 }, async () => {
  const title = `360 e2e ${Date.now()}`;
  const [helena, anaAPI, pedro] = await Promise.all([
    apiLogin(suite.baseURL, HELENA),
    apiLogin(suite.baseURL, USERS.ana),
    apiLogin(suite.baseURL, USERS.pedro),
  ]);
  const created = await call(helena, 'POST', 'pesquisas', {
    body: {
      tipo: '360', descricao: title, detalhes: 'Avaliação de meio de ano', inicio: '2020-01-01', fim: '2099-12-31',
      publico: { todos: false, avaliado: pedro.user.hash, avaliadores: [{ userHash: anaAPI.user.hash, relacao: 'peer' }] },
      perguntas: [
        { oa9_001_c: 'Colaboração', oa9_003_m: 'Em que Pedro mais contribui com o time?', oa9_004_n: 0, oa9_022_n: 1 },
        { oa9_001_c: 'Liderança', oa9_003_m: 'Recomendaria Pedro para liderar um projeto?', oa9_004_n: 2, oa9_022_n: 1 },
      ],
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const surveyId = created.body.data.id;

  const context = await newUserContext(suite);
  try {
    const ana = await context.newPage();
    await login(ana, USERS.ana);
    await closePendingDrawer(ana);

    // The menu entry "Avaliações 360" leads to the page (folder all by default).
    await ana.locator(tid('nav-group-surveys')).first().click();
    await ana.locator('[data-menu-id="tools_008a"]').first().click();
    await ana.waitForURL('**/apps/eval360/evaluations/all');
    await ana.locator(tid('evaluations-360')).waitFor();

    // The pending filter lists it; opening it puts its id in the URL.
    await ana.locator(tid('eval360-filter')).getByText('Pendentes').click();
    await ana.waitForURL('**/apps/eval360/evaluations/filter/0');
    const row = ana.locator(tid('eval360-row')).filter({ hasText: title });
    await row.getByText('Pendente').waitFor();
    await row.click();
    const open = ana.locator(tid('eval360-open'));
    await open.getByText('Em que Pedro mais contribui com o time?').waitFor();
    const responseId = new URL(ana.url()).pathname.split('/').pop();
    assert.match(ana.url(), /\/apps\/eval360\/evaluations\/filter\/0\/[0-9a-f-]{36}$/);
    assert.equal(await open.locator(tid('survey-counter')).textContent(), '1-2');

    // Leaving the question saves its answer (the carousel of the drawer, spec §4).
    await open.locator(tid('question-input')).fill('Organiza as entregas da equipe');
    const saved = ana.waitForResponse((r) => r.url().includes('/api/avaliacao360/resposta') && r.request().method() === 'PUT');
    await open.locator(tid('survey-next')).click();
    assert.equal((await saved).status(), 200);
    await open.getByText('Recomendaria Pedro para liderar um projeto?').waitFor();
    await open.locator(tid('answer-yes')).click();
    await screenshot(ana, 'evaluations360-answering');

    // Finish through the confirm dialog; it stays open, read-only, under all.
    await open.locator(tid('survey-finish')).click();
    const finished = ana.waitForResponse((r) => r.url().includes('/api/avaliacao360/finalizar'));
    await ana.locator(tid('finish-confirm')).click();
    assert.equal((await finished).status(), 200);
    await ana.waitForURL(`**/apps/eval360/evaluations/all/${responseId}`);
    // The read-only form follows the survey read model: a loaded machine projects the finish
    // after the list was read, and the page reloads when it is (survey.results).
    await open.locator(tid('eval360-readonly')).waitFor({ timeout: 30_000 });
    assert.equal(await open.locator(tid('survey-finish')).count(), 0);
    assert.equal(await open.locator(tid('answer-yes')).isChecked(), true);
    assert.equal(await open.locator(tid('answer-yes')).isDisabled(), true);

    // Nothing can be edited any more, on the server either.
    const edit = await call(anaAPI, 'PUT', 'resposta', {
      body: { oa9_004_n: 2, oa9_102_b: false, step: 1, ukey: created.body.data.perguntas[1].ukey, oa8_ukey: surveyId },
    });
    assert.equal(edit.status, 422);
    assert.equal(edit.body.errors[0].message, 'avaliacao_finalizada');

    // After a reload, under the finished filter: answered, read-only, the answers kept.
    await ana.goto(`/apps/eval360/evaluations/filter/2/${responseId}`);
    await closePendingDrawer(ana);
    await ana.locator(tid('eval360-row')).filter({ hasText: title }).getByText('Respondida').waitFor();
    // The read-only form follows the survey read model: a loaded machine projects the finish
    // after the list was read, and the page reloads when it is (survey.results).
    await open.locator(tid('eval360-readonly')).waitFor({ timeout: 30_000 });
    // It reopens at the saved step; the arrows still move, without saving.
    assert.equal(await open.locator(tid('survey-counter')).textContent(), '2-2');
    assert.equal(await open.locator(tid('answer-yes')).isChecked(), true);
    await open.locator(tid('survey-prev')).click();
    await open.getByText('Em que Pedro mais contribui com o time?').waitFor();
    const input = open.locator(tid('question-input'));
    assert.equal(await input.inputValue(), 'Organiza as entregas da equipe');
    assert.equal(await input.isDisabled(), true);
    await screenshot(ana, 'evaluations360-finished');
    // It left the pending filter and the sign-in list.
    const pending = await call(anaAPI, 'GET', 'avaliacoes-360', { query: { filterHandle: '0' } });
    assert.equal(pending.body.some((e) => e.oa8_ukey === surveyId), false);
    const atLogin = await call(anaAPI, 'GET', 'lista-pendentes-login');
    assert.equal(atLogin.body.some((e) => e.oa8_ukey === surveyId), false);
  } finally {
    await context.close();
  }
});

test('the 360 evaluations list is the caller\'s own and refuses another tenant', { timeout: 30_000 }, async () => {
  const [ana, carla, marcos] = await Promise.all([
    apiLogin(suite.baseURL, USERS.ana),
    apiLogin(suite.baseURL, USERS.carla),
    apiLogin(suite.baseURL, { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD }),
  ]);
  const foreign = await call(ana, 'GET', 'avaliacoes-360', { query: { tenId: carla.user.tenId } });
  assert.equal(foreign.status, 403);
  const bad = await call(ana, 'GET', 'avaliacoes-360', { query: { filterHandle: 'x' } });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors, [{ type: 'filterHandle', message: 'valor_invalido' }]);
  // ACMECORP did not buy pwa-aval-360.
  const refused = await call(carla, 'GET', 'avaliacoes-360');
  assert.equal(refused.status, 403);
  // Marcos is not an evaluator of Ana's evaluations: each sees only their own.
  const mine = await call(ana, 'GET', 'avaliacoes-360');
  const his = await call(marcos, 'GET', 'avaliacoes-360');
  assert.equal(his.status, 200);
  const hisIds = new Set(his.body.map((e) => e.id));
  assert.ok(mine.body.every((e) => !hisIds.has(e.id)));
});
