// Surveys (spec portal-business §2 "Surveys" and the drawer "pesquisas e enquetes", §4 survey
// answering, §5 validation, §7 the avaliacao360 calls; issue 6): HR creates an eNPS for the
// whole company on its screen; three colleagues answer it, so the dashboard shows a score;
// Ana finds it in the drawer at sign-in, answers across a reload (her step and answers
// survive), is stopped by a rule, finishes through the confirm dialog and can edit nothing
// after; HR's open dashboard shows the score change live.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS, waitLive } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };

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

/** Answers the eNPS's rating as a colleague through the API and finishes. */
async function answerRating(session, title, rating) {
  const pending = await call(session, 'GET', 'lista-pendentes-login');
  const s = pending.body.find((p) => p.descricao === title);
  assert.ok(s, `${session.user.userName} has the new survey pending`);
  const q = s.perguntas[0];
  const saved = await call(session, 'PUT', 'resposta', {
    body: { oa9_004_n: 1, oa9_101_n: rating, step: 0, ukey: q.ukey, oa8_ukey: s.oa8_ukey, oa10_ukey: s.id },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const done = await call(session, 'POST', 'finalizar', { query: { oa8Ukey: s.oa8_ukey } });
  assert.equal(done.status, 200, JSON.stringify(done.body));
}

const card = (page) => page.locator(tid('survey-card-enps'));
const counter = (page) => page.locator(tid('survey-counter'));

test('HR creates an eNPS, Ana answers it across a reload and finishes, HR sees the score live', { timeout: 120_000 }, async () => {
  const title = `eNPS e2e ${Date.now()}`;
  const hrContext = await newUserContext(suite);
  const anaContext = await newUserContext(suite);
  try {
    // HR creates the survey on the eNPS screen; the rating question comes ready.
    const hr = await hrContext.newPage();
    const hrStream = waitLive(hr);
    await login(hr, HELENA);
    await hrStream;
    await hr.goto('/apps/pesquisa/nps/all');
    await hr.locator(tid('survey-list-enps')).waitFor();
    await hr.locator(tid('survey-new')).click();
    await hr.locator(tid('create-title')).fill(title);
    assert.equal(await hr.locator(tid('create-question')).count(), 1);
    // A second question: a long free text.
    await hr.getByRole('button', { name: 'Adicionar pergunta' }).click();
    await hr.locator(tid('create-question-title')).nth(1).fill('O que mais influenciou a sua nota?');
    await hr.locator(tid('create-question-type')).nth(1).click();
    await hr.getByRole('option', { name: 'Texto longo' }).click();
    await screenshot(hr, 'surveys-hr-create');
    await expectAccessible(hr, 'surveys: surveys-hr-create');
    await hr.locator(tid('create-submit')).click();
    await hr.locator(tid('survey-create-drawer')).waitFor({ state: 'hidden' });
    const row = hr.locator(tid('survey-row')).filter({ hasText: title });
    await row.waitFor();

    // Three colleagues answer (9, 10, 6): 2 promoters and 1 detractor of 3 is 33.3.
    const [marcos, helena] = await Promise.all([apiLogin(suite.baseURL, MARCOS), apiLogin(suite.baseURL, HELENA)]);
    const pedro = await apiLogin(suite.baseURL, USERS.pedro);
    await answerRating(marcos, title, 9);
    await answerRating(pedro, title, 10);
    // Two respondents: the dashboard must show no figures (anonymity), only the count.
    const early = await call(helena, 'GET', 'pesquisas', { query: { tipo: 'enps', searchText: title } });
    const surveyId = early.body[0].id;
    const hidden = await call(helena, 'GET', 'resultado', { query: { oa8Ukey: surveyId } });
    assert.equal(hidden.body.exibido, false);
    assert.equal(hidden.body.enps, undefined);
    await answerRating(helena, title, 6);

    await row.locator(tid('survey-results-open')).click();
    await hr.locator(tid('enps-score')).waitFor();
    await assertText(hr, 'enps-score', '33.3');
    await screenshot(hr, 'surveys-hr-results-before');

    // Ana signs in: the drawer "pesquisas e enquetes" shows the survey.
    const ana = await anaContext.newPage();
    await login(ana, USERS.ana);
    await ana.locator(tid('pending-surveys-drawer')).getByText('pesquisas e enquetes').waitFor();
    await card(ana).getByText(title).waitFor();
    assert.equal(await counter(ana).textContent(), '1-2');
    await screenshot(ana, 'surveys-pending-drawer');
    await expectAccessible(ana, 'surveys: surveys-pending-drawer');

    // A rating of 11 breaks the max rule; 10 is fine; leaving saves it with the step.
    const input = card(ana).locator(tid('question-input'));
    await input.fill('11');
    await card(ana).getByText('O valor está acima do máximo').waitFor();
    await input.fill('10');
    const savedAnswer = ana.waitForResponse((r) => r.url().includes('/api/avaliacao360/resposta') && r.request().method() === 'PUT');
    await card(ana).locator(tid('survey-next')).click();
    assert.equal((await savedAnswer).status(), 200);
    await waitText(ana, counter(ana), '2-2');
    await card(ana).locator(tid('question-input')).fill('Boa liderança');
    // Going back saves the comment (with step 0).
    const savedComment = ana.waitForResponse((r) => r.url().includes('/api/avaliacao360/resposta'));
    await card(ana).locator(tid('survey-prev')).click();
    assert.equal((await savedComment).status(), 200);
    await waitText(ana, counter(ana), '1-2');
    // Forward again: only the step moves (step 1).
    const savedStep = ana.waitForResponse((r) => r.url().includes('/api/avaliacao360/passo'));
    await card(ana).locator(tid('survey-next')).click();
    assert.equal((await savedStep).status(), 200);
    await waitText(ana, counter(ana), '2-2');

    // Across a reload the step and both answers survive.
    await ana.reload();
    await card(ana).getByText(title).waitFor();
    await waitText(ana, counter(ana), '2-2');
    assert.equal(await card(ana).locator(tid('question-input')).inputValue(), 'Boa liderança');
    await card(ana).locator(tid('survey-prev')).click();
    await waitText(ana, counter(ana), '1-2');
    assert.equal(await card(ana).locator(tid('question-input')).inputValue(), '10');
    await card(ana).locator(tid('survey-next')).click();
    await waitText(ana, counter(ana), '2-2');

    // Finish: the check button asks first; "cancelar" keeps everything open.
    await card(ana).locator(tid('survey-finish')).click();
    await ana.locator(tid('finish-cancel')).click();
    await card(ana).locator(tid('survey-finish')).click();
    await screenshot(ana, 'surveys-confirm-finish');
    await expectAccessible(ana, 'surveys: surveys-confirm-finish');
    await ana.locator(tid('finish-confirm')).click();
    // The pending list reloads without it.
    await card(ana).waitFor({ state: 'detached' });

    // HR's open dashboard follows live: 3 promoters and 1 detractor of 4 is 50.
    await waitText(hr, hr.locator(tid('enps-score')), '50');
    await assertText(hr, 'results-respondents', '4 respondentes');
    await screenshot(hr, 'surveys-hr-results-after');
    await expectAccessible(hr, 'surveys: surveys-hr-results-after');

    // Nothing can be edited after finishing.
    const anaAPI = await apiLogin(suite.baseURL, USERS.ana);
    const edit = await call(anaAPI, 'PUT', 'resposta', {
      body: { oa9_004_n: 1, oa9_101_n: 0, step: 0, ukey: 'x', oa8_ukey: surveyId },
    });
    assert.equal(edit.status, 422);
    assert.equal(edit.body.errors[0].message, 'avaliacao_finalizada');
    const again = await call(anaAPI, 'POST', 'finalizar', { query: { oa8Ukey: surveyId } });
    assert.equal(again.status, 422);
    const after = await call(helena, 'GET', 'resultado', { query: { oa8Ukey: surveyId } });
    assert.equal(after.body.enps.score, 50);
    assert.equal(after.body.respondentes, 4);

    // Her list shows it answered.
    await ana.goto('/apps/pesquisa/nps/all');
    await ana.locator(tid('survey-row')).filter({ hasText: title }).getByText('Respondida').waitFor();
    await screenshot(ana, 'surveys-list');
  } finally {
    await Promise.allSettled([hrContext.close(), anaContext.close()]);
  }
});

test('the survey lists need the dynamicAccess flag and refuse another tenant', { timeout: 30_000 }, async () => {
  const [ana, carla] = await Promise.all([apiLogin(suite.baseURL, USERS.ana), apiLogin(suite.baseURL, USERS.carla)]);
  const ok = await call(ana, 'GET', 'clima', { query: { folderId: 'all', filterHandle: '0', userHash: ana.user.hash } });
  assert.equal(ok.status, 200);
  // ACMECORP bought no surveys: refused on the server whatever the client does.
  const refused = await call(carla, 'GET', 'clima', { query: { folderId: 'all', filterHandle: '0' } });
  assert.equal(refused.status, 403);
  // Ana naming Carla's tenant is refused.
  const foreign = await fetch(`${suite.baseURL}/api/avaliacao360/lista-pendentes-login?tenId=${carla.user.tenId}`, {
    headers: { authorization: `Bearer ${ana.access_token}` },
  });
  assert.equal(foreign.status, 403);
  // Results are HR's: an employee is refused.
  const list = await call(ana, 'GET', 'enps', { query: { folderId: 'all' } });
  const res = await call(ana, 'GET', 'resultado', { query: { oa8Ukey: list.body[0]?.id ?? '00000000-0000-0000-0000-000000000000' } });
  assert.ok(res.status === 403 || res.status === 404, `results as an employee: ${res.status}`);
});

async function waitText(page, locator, want, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let got;
  while (Date.now() < deadline) {
    got = (await locator.textContent().catch(() => null))?.trim();
    if (got === want) return;
    await page.waitForTimeout(100);
  }
  assert.equal(got, want);
}

async function assertText(page, testId, want) {
  await waitText(page, page.locator(tid(testId)), want);
}
