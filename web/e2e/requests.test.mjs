// Requests, approvals and deliveries (issue 4; spec portal-business §2 Requests, §4, §5, §8):
// ana.souza files a request in her browser, marcos.lima (her manager) approves it in his,
// helena.rh gives the HR approval in hers, and each sees the others' steps appear without
// reloading: the approver's queue and menu badge and a notification the moment the request
// reaches them, the requester's open request as each decision lands. The live delays are
// measured from the moment the acting call answered and printed as diagnostics.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, fieldError, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS, recordPublications, waitLive } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

/**
 * How soon a pushed change must reach another browser (ms after the acting call answered).
 * The server pushes within milliseconds; the bound leaves room for the shared test machine.
 */
const PUSH_LIMIT_MS = 2_000;
/**
 * How soon the change must show on that browser's screen. Unloaded this is well under a second;
 * on the shared 2-core test machine three Chromium pages redraw slowly, hence the margin.
 */
const LIVE_LIMIT_MS = 6_000;

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

const row = (id) => `${tid('request-row')}[data-request-id="${id}"]`;

/** The request.changed pushes each page received (recordPublications), by page. */
const pushesOf = new WeakMap();

/** When the first push of this request and event type reached the page (ms since epoch). */
async function pushAt(page, id, eventType) {
  const deadline = Date.now() + LIVE_LIMIT_MS + 5_000;
  for (;;) {
    const p = pushesOf.get(page).find((x) => x.topic === 'request.changed' && x.data?.ac4Ukey === id && x.data?.eventType === eventType);
    if (p) return p.at;
    if (Date.now() > deadline) throw new Error(`no request.changed ${eventType} of ${id} reached the page`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Signs a user in and opens a request screen; marks the page so a reload would show. */
async function open(context, user, path) {
  const page = await context.newPage();
  pushesOf.set(page, recordPublications(page));
  const stream = waitLive(page);
  await login(page, user);
  await stream;
  await page.goto(path);
  await page.locator(tid('request-list')).waitFor();
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.status === 'ready', tid('request-list'));
  // A client-side route change keeps this; a reload would lose it.
  await page.evaluate(() => {
    window.__e2eNoReload = true;
  });
  return page;
}

/** The approver menu badge's count (0 when hidden). */
async function badge(page) {
  const b = page.locator(tid('menu-count-tools_002'));
  return (await b.count()) === 0 ? 0 : Number(await b.textContent());
}

/** Waits for a selector and returns the milliseconds since t0. */
async function seenAfter(page, selector, t0, what) {
  await page.locator(selector).first().waitFor({ timeout: LIVE_LIMIT_MS + 3_000 });
  const ms = Date.now() - t0;
  return { what, ms };
}

async function choose(page, testId, optionName) {
  await page.locator(tid(testId)).click();
  await page.getByRole('option', { name: optionName, exact: true }).click();
}

test('ana files, marcos approves, helena approves for HR; each sees the others live', { timeout: 180_000 }, async (t) => {
  const [anaCtx, marcosCtx, helenaCtx] = await Promise.all([newUserContext(suite), newUserContext(suite), newUserContext(suite)]);
  const timings = [];
  const pushes = [];
  try {
    // Marcos has no requests of his own: the empty-list message (spec §8).
    const marcos = await open(marcosCtx, MARCOS, '/apps/request');
    await marcos.waitForURL('**/apps/request/all');
    assert.equal(await marcos.locator(tid('empty-list')).textContent(), 'não há registros para exibição !');
    await screenshot(marcos, 'requests-list-empty-pt');
    // His approval queue holds Ana's seeded purchase; the badge counts it.
    await marcos.locator(tid('nav-tools_002')).click();
    await marcos.waitForURL('**/apps/requestApprover/waiting');
    await marcos.waitForFunction((sel) => document.querySelector(sel)?.dataset.status === 'ready', tid('request-list'));
    const queued = await marcos.locator(tid('request-row')).count();
    assert.equal(await badge(marcos), queued);
    const helena = await open(helenaCtx, HELENA, '/apps/requestApprover');
    const helenaQueued = await badge(helena);
    const ana = await open(anaCtx, USERS.ana, '/apps/request');
    await ana.waitForURL('**/apps/request/all');
    await screenshot(ana, 'requests-list-pt');
    // The seeded requests carry their type icons; the labels panel lists the seeded label.
    await ana.locator(tid('request-label-ti')).waitFor();

    // The new-request dialog refuses an empty form with the §5 messages, translated.
    await ana.locator(tid('request-new')).click();
    const dialog = ana.locator(`${tid('request-dialog')}[data-mode="new"]`);
    await dialog.waitFor();
    await dialog.locator(tid('request-send')).click();
    assert.equal(await fieldError(ana, 'request-field-tipo'), 'Campo obrigatório');
    assert.equal(await fieldError(ana, 'request-field-titulo'), 'Campo obrigatório');
    assert.equal(await fieldError(ana, 'request-field-motivo'), 'Campo obrigatório');
    assert.equal(await fieldError(ana, 'request-field-comentario'), 'Campo obrigatório');
    assert.equal(await fieldError(ana, 'request-field-dataReferencia'), 'Campo obrigatório');
    await screenshot(ana, 'request-new-errors-pt');
    await expectAccessible(ana, 'requests: request-new-errors-pt');

    // An abono with a medical certificate needs the doctor and the certificate.
    await choose(ana, 'request-field-tipo', 'Folha (abonos e ausências)');
    await dialog.locator(tid('request-absence')).waitFor();
    await choose(ana, 'request-field-tipoAbono', 'Atestado médico');
    await ana.locator(tid('request-field-titulo')).fill('Consulta médica');
    await ana.locator(tid('request-field-motivo')).fill('Consulta de rotina');
    await ana.locator(tid('request-field-comentario')).fill('Atestado de meio período anexo.');
    await ana.locator(tid('request-field-dataReferencia')).fill('20/11/2026');
    await dialog.locator(tid('request-send')).click();
    assert.equal(await fieldError(ana, 'request-field-nomeMedico'), 'Campo obrigatório');
    assert.equal(await fieldError(ana, 'request-field-tipoAusenciaDesc'), 'Campo obrigatório');
    await dialog.getByText('Anexe o atestado médico').waitFor();
    await screenshot(ana, 'request-new-abono-pt');
    await ana.locator(tid('request-field-tipoAusenciaDesc')).fill('Consulta');
    await ana.locator(tid('request-field-inicioAbono')).fill('20/11/2026');
    await ana.locator(tid('request-field-fimAbono')).fill('20/11/2026');
    await ana.locator(tid('request-field-nomeMedico')).fill('Dra. Paula Reis');
    await ana.locator(tid('request-field-tpRegistro')).fill('CRM');
    await ana.locator(tid('request-field-registro')).fill('123456');
    await ana.locator(tid('request-field-ufRegistroDesc')).fill('SP');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'atestado.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await dialog.locator(tid('request-pending-files')).getByText('atestado.pdf').waitFor();
    // Ana's seeded abono draft is still open: the server refuses a second one (§8).
    await dialog.locator(tid('request-send')).click();
    await ana.waitForFunction(
      (sel) => document.querySelector(sel)?.closest('.mantine-InputWrapper-root')?.textContent.includes('Já existe uma solicitação em aberto'),
      tid('request-field-tipo'),
    );
    await screenshot(ana, 'request-new-open-exists-pt');

    // So she files a reimbursement, with the receipt attached.
    await choose(ana, 'request-field-tipo', 'Reembolso');
    await dialog.locator(tid('request-absence')).waitFor({ state: 'detached' });
    await ana.locator(tid('request-field-titulo')).fill('Reembolso de estacionamento');
    const sent = ana.waitForResponse((r) => r.url().includes('/api/cac-app/request/send') && r.request().method() === 'POST');
    await dialog.locator(tid('request-send')).click();
    const sendAnswer = await sent;
    const t0 = Date.now();
    assert.equal(sendAnswer.status(), 200, await sendAnswer.text());
    const id = (await sendAnswer.json()).data.ac4Ukey;

    // Marcos: the push arrives, the request appears in his queue, the menu badge counts it, a
    // notification shows.
    pushes.push({ what: 'push to marcos (sent)', ms: (await pushAt(marcos, id, 'request.sent.v1')) - t0 });
    timings.push(await seenAfter(marcos, row(id), t0, 'marcos queue'));
    await marcos.waitForFunction((n) => document.querySelector('[data-testid="menu-count-tools_002"]')?.textContent === String(n), queued + 1, { timeout: LIVE_LIMIT_MS + 3_000 });
    timings.push({ what: 'marcos badge', ms: Date.now() - t0 });
    timings.push(await seenAfter(marcos, tid('notification-toast'), t0, 'marcos notification'));
    await screenshot(marcos, 'requests-approver-queue-pt');

    // Ana: her request opened in readonly mode, waiting for the manager, with its icon.
    const anaView = ana.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await anaView.waitFor();
    assert.equal(await anaView.getAttribute('data-request-id'), id);
    await ana.locator(`${tid('request-view-header')} ${tid('request-status')}[data-status="waiting_manager"]`).waitFor();
    await anaView.locator(`${tid('request-attachment')}[data-attachment-kind="pdf"]`).waitFor();
    assert.equal(await ana.locator(`${row(id)} [data-doc-kind="pdf"]`).count(), 1, 'the list shows the PDF icon');
    await screenshot(ana, 'request-view-waiting-pt');

    // Marcos approves.
    await marcos.locator(row(id)).click();
    const marcosView = marcos.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await marcosView.locator(tid('request-approve')).waitFor();
    await screenshot(marcos, 'request-view-approver-pt');
    await expectAccessible(marcos, 'requests: request-view-approver-pt');
    const approved = marcos.waitForResponse((r) => r.url().includes('/api/cac-app/request/approve'));
    await marcosView.locator(tid('request-approve')).click();
    const approveAnswer = await approved;
    const t1 = Date.now();
    assert.equal(approveAnswer.status(), 200, await approveAnswer.text());

    // Ana sees the manager's step without reloading; Helena's queue and badge get it.
    pushes.push({ what: 'push to ana (manager approval)', ms: (await pushAt(ana, id, 'request.step_approved.v1')) - t1 });
    pushes.push({ what: 'push to helena (manager approval)', ms: (await pushAt(helena, id, 'request.step_approved.v1')) - t1 });
    timings.push(await seenAfter(ana, `${tid('request-view-header')} ${tid('request-status')}[data-status="waiting_hr"]`, t1, 'ana sees manager approval'));
    timings.push(await seenAfter(ana, tid('notification-toast'), t1, 'ana decision notification'));
    timings.push(await seenAfter(helena, row(id), t1, 'helena queue'));
    await helena.waitForFunction((n) => document.querySelector('[data-testid="menu-count-tools_002"]')?.textContent === String(n), helenaQueued + 1, { timeout: LIVE_LIMIT_MS + 3_000 });
    timings.push({ what: 'helena badge', ms: Date.now() - t1 });
    // Marcos's dialog now offers to undo his approval; under it, his waiting folder no longer
    // holds the request and the badge is back to what it was.
    await marcosView.locator(tid('request-undo')).waitFor();
    await marcos.locator(row(id)).waitFor({ state: 'detached' });
    assert.equal(await badge(marcos), queued);

    // Helena approves for HR; Ana's open request follows at once.
    await helena.locator(row(id)).click();
    const helenaView = helena.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await helenaView.locator(tid('request-approve')).waitFor();
    await screenshot(helena, 'request-view-hr-pt');
    const hrApproved = helena.waitForResponse((r) => r.url().includes('/api/cac-app/request/approve'));
    await helenaView.locator(tid('request-approve')).click();
    const hrAnswer = await hrApproved;
    const t2 = Date.now();
    assert.equal(hrAnswer.status(), 200, await hrAnswer.text());
    timings.push(await seenAfter(ana, `${tid('request-view-header')} ${tid('request-status')}[data-status="approved_hr"]`, t2, 'ana sees HR approval'));

    // Marcos decided the earlier step: HR's ruling reaches his open dialog too, and the undo
    // it offered goes away (once HR has ruled nothing can change).
    timings.push(await seenAfter(marcos, `${tid('request-view-header')} ${tid('request-status')}[data-status="approved_hr"]`, t2, 'marcos sees HR approval'));
    await marcosView.locator(tid('request-undo')).waitFor({ state: 'detached' });
    await screenshot(marcos, 'request-after-hr-pt');
    // His 'all' folder lists it as approved by HR.
    await marcos.locator(tid('request-close')).click();
    await marcos.locator(tid('request-folder-all')).click();
    await marcos.locator(`${row(id)}[data-status="approved_hr"]`).waitFor();

    // Ana's timeline: every step, who, on whose behalf, when.
    await anaView.locator(tid('request-tab-timeline')).click();
    const entries = anaView.locator(tid('timeline-entry'));
    await anaView.locator(`${tid('timeline-entry')}[data-what="request_step_approved"]`).nth(1).waitFor();
    const whats = await entries.evaluateAll((els) => els.map((e) => e.dataset.what));
    for (const w of ['request_created', 'request_attachment_added', 'request_sent', 'request_step_approved']) {
      assert.ok(whats.includes(w), `timeline has ${w}: ${whats}`);
    }
    const texts = await entries.allTextContents();
    assert.ok(texts.some((s) => /Etapa aprovada · Gestor/.test(s) && /por Marcos Lima/.test(s)), texts.join(' | '));
    assert.ok(texts.some((s) => /Etapa aprovada · RH/.test(s) && /por Helena/.test(s)), texts.join(' | '));
    await screenshot(ana, 'request-timeline-pt');

    // The history of her earlier reimbursements (page size 8), with its filter.
    await anaView.locator(tid('request-tab-history')).click();
    const history = anaView.locator(tid('request-history'));
    await history.locator(tid('request-history-row')).filter({ hasText: 'Reembolso de táxi' }).waitFor();
    await history.getByText('Aprovadas').click();
    await history.locator(tid('empty-list')).waitFor();
    await history.getByText('Reprovadas').click();
    await history.locator(tid('request-history-row')).filter({ hasText: 'Reembolso de táxi' }).waitFor();
    await screenshot(ana, 'request-history-pt');

    // The approvers dialog shows both steps decided.
    await anaView.locator(tid('request-approvers')).click();
    await ana.locator(`${tid('approver-step')}[data-state="approved"]`).nth(1).waitFor();
    await screenshot(ana, 'request-approvers-pt');
    await expectAccessible(ana, 'requests: request-approvers-pt');

    for (const p of [ana, marcos, helena]) {
      assert.equal(await p.evaluate(() => window.__e2eNoReload), true, 'no reload');
    }
    for (const { what, ms } of pushes) t.diagnostic(`${what}: ${ms} ms after the call answered`);
    for (const { what, ms } of timings) t.diagnostic(`${what}: shown ${ms} ms after the call answered`);
    for (const { what, ms } of pushes) assert.ok(ms <= PUSH_LIMIT_MS, `${what} took ${ms} ms`);
    for (const { what, ms } of timings) assert.ok(ms <= LIVE_LIMIT_MS, `${what} took ${ms} ms`);
  } finally {
    await Promise.all([anaCtx.close(), marcosCtx.close(), helenaCtx.close()]);
  }
});

/** Calls the request API as a signed-in user (login answer). */
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

test('marcos files for ana from "my team"; HR delivers; ana sees it live, confirms receipt, reads the delivery history', { timeout: 120_000 }, async (t) => {
  const [anaCtx, marcosCtx, helenaCtx] = await Promise.all([newUserContext(suite), newUserContext(suite), newUserContext(suite)]);
  try {
    const [marcosAPI, helenaAPI] = await Promise.all([apiLogin(suite.baseURL, MARCOS), apiLogin(suite.baseURL, HELENA)]);
    const ana = await open(anaCtx, USERS.ana, '/apps/request/all');
    const marcos = await open(marcosCtx, MARCOS, '/apps/request');

    // 'My team': Marcos acts for Ana (spec §2, §6).
    await marcos.locator(tid('request-my-team')).click();
    const member = marcos.locator(tid('my-team-member')).filter({ hasText: 'Ana Souza' });
    await member.waitFor();
    await screenshot(marcos, 'request-my-team-pt');
    await member.click();
    await marcos.locator(tid('request-acting-for')).getByText('Agindo em nome de Ana Souza').waitFor();

    // A PPE request with a delivery date, filed on her behalf.
    await marcos.locator(tid('request-new')).click();
    const dialog = marcos.locator(`${tid('request-dialog')}[data-mode="new"]`);
    await dialog.locator(tid('request-new-acting-for')).waitFor();
    await choose(marcos, 'request-field-tipo', 'EPI');
    await marcos.locator(tid('request-field-titulo')).fill('Botas de segurança');
    await marcos.locator(tid('request-field-motivo')).fill('Visita à obra');
    await marcos.locator(tid('request-field-comentario')).fill('Tamanho 38');
    await marcos.locator(tid('request-field-dataReferencia')).fill('20/11/2026');
    await marcos.locator(tid('request-field-dataEntrega')).fill('20/11/2026');
    await dialog.locator(tid('request-send')).click();
    assert.equal(await fieldError(marcos, 'request-field-dataEntrega'), 'A data de entrega deve ser posterior à data de referência');
    await marcos.locator(tid('request-field-dataEntrega')).fill('27/11/2026');
    // The boots from the item catalogue (itemSearch), two pairs.
    await marcos.locator(tid('request-item-search')).click();
    await marcos.locator(tid('request-item-search')).fill('Botina');
    await marcos.getByRole('option', { name: 'EPI-003 · Botina de segurança' }).click();
    await marcos.locator(tid('request-item-quantity')).fill('2');
    await marcos.locator(tid('request-item-add')).click();
    await dialog.locator(tid('request-item')).getByText('2 PAR').waitFor();
    await screenshot(marcos, 'request-new-delivery-pt');
    await expectAccessible(marcos, 'requests: request-new-delivery-pt');
    const sent = marcos.waitForResponse((r) => r.url().includes('/api/cac-app/request/send'));
    await dialog.locator(tid('request-send')).click();
    const sendAnswer = await sent;
    assert.equal(sendAnswer.status(), 200, await sendAnswer.text());
    const id = (await sendAnswer.json()).data.ac4Ukey;

    // Ana's list shows it at once; its timeline names Marcos acting on her behalf.
    await ana.locator(row(id)).waitFor({ timeout: LIVE_LIMIT_MS + 3_000 });
    await ana.locator(row(id)).click();
    const anaView = ana.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await anaView.locator(tid('request-tab-timeline')).click();
    const created = anaView.locator(`${tid('timeline-entry')}[data-what="request_created"]`);
    await created.waitFor();
    assert.match(await created.textContent(), /por Marcos Lima, em nome de Ana Souza/);
    await anaView.locator(tid('request-tab-details')).click();
    assert.match(await anaView.locator(tid('request-view-items')).textContent(), /EPI-003.*Botina de segurança.*2 PAR/);

    // Both approvals through the API, then HR delivers from the delivery queue.
    for (const [who, kind] of [
      [marcosAPI, 'manager'],
      [helenaAPI, 'hr'],
    ]) {
      // The read model follows the log: wait until it shows the step this approver decides.
      let r;
      const deadline = Date.now() + 10_000;
      do {
        r = await call(who, 'GET', '/api/cac-app/request/by-id', { query: { id } });
        if (r.body?.currentStep?.kind === kind) break;
        await new Promise((res) => setTimeout(res, 100));
      } while (Date.now() < deadline);
      assert.equal(r.body.currentStep?.kind, kind, JSON.stringify(r.body));
      const ok = await call(who, 'POST', '/api/cac-app/request/approve', { body: { requestId: id, step: r.body.currentStep.index } });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
    }
    await ana.locator(`${tid('request-view-header')} ${tid('request-delivery-status')}[data-status="pending"]`).waitFor();
    const helena = await open(helenaCtx, HELENA, '/apps/requestDelivery');
    await helena.waitForURL('**/apps/requestDelivery/waiting');
    await helena.locator(row(id)).click();
    const helenaView = helena.locator(`${tid('request-dialog')}[data-mode="readonly"]`);
    await screenshot(helena, 'request-delivery-queue-pt');
    await expectAccessible(helena, 'requests: request-delivery-queue-pt');
    const delivered = helena.waitForResponse((r) => r.url().includes('/api/cac-app/requestDelivery/status'));
    await helenaView.locator(tid('request-deliver-delivered')).click();
    assert.equal((await delivered).status(), 200);
    const t0 = Date.now();

    // Ana sees the delivery without reloading and confirms the receipt.
    const confirm = anaView.locator(tid('request-confirm-receipt'));
    await confirm.waitFor({ timeout: LIVE_LIMIT_MS + 3_000 });
    t.diagnostic(`ana sees the delivery: ${Date.now() - t0} ms`);
    assert.ok(Date.now() - t0 <= LIVE_LIMIT_MS);
    await confirm.click();
    await ana.locator(`${tid('request-view-header')} ${tid('request-delivery-status')}[data-status="confirmed"]`).waitFor();
    // HR's delivery queue follows: the request left 'waiting'.
    await helena.locator(tid('request-close')).click();
    await helena.locator(row(id)).waitFor({ state: 'detached', timeout: LIVE_LIMIT_MS + 3_000 });

    // The delivery history, plain and grouped.
    await anaView.locator(tid('request-delivery-history')).click();
    const history = ana.locator(tid('delivery-history'));
    await history.locator(`${tid('delivery-entry')}[data-status="confirmed"]`).waitFor();
    const statuses = await history.locator(tid('delivery-entry')).evaluateAll((els) => els.map((e) => e.dataset.status));
    assert.deepEqual(statuses.slice(-2), ['delivered', 'confirmed']);
    await screenshot(ana, 'request-delivery-history-pt');
    await expectAccessible(ana, 'requests: request-delivery-history-pt');
    await history.getByText('Agrupado').click();
    await history.locator(`${tid('delivery-group')}[data-status="delivered"]`).waitFor();
    await screenshot(ana, 'request-delivery-grouped-pt');
    await ana.keyboard.press('Escape');

    // One screen in English.
    await ana.keyboard.press('Escape');
    await ana.locator(tid('lang-menu')).click();
    await ana.locator(tid('lang-en')).click();
    await ana.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'My requests', tid('area-title'));
    await ana.locator(row(id)).click();
    await ana.getByText('Receipt confirmed').first().waitFor();
    await screenshot(ana, 'request-view-en');
  } finally {
    await Promise.all([anaCtx.close(), marcosCtx.close(), helenaCtx.close()]);
  }
});
