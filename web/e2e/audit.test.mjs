// The audit area (issue: auditors replay history). livia.auditoria (pwa-rh-auditor) finds
// Ana, reads her timeline (filtered, exported as CSV), rebuilds one of her requests "as of"
// an earlier instant and sees what changed, is refused an instant in the future with the
// translated message, verifies the tenant's hash chain (intact, then broken after a row is
// edited behind the store's back), rebuilds the requests read model into a shadow copy and
// sees its diff against the live one, and finds every read she made in the access log. Ana, an
// employee, has no audit entry and is turned away from its route.
// Issue 29 (at 1366 px): Ana's vacation history is there (it was read from the wrong stream);
// the timeline's data column shows translated labels, not paths, and fits the page; the
// replay's progress never shows "0 de 0" nor 100 % before its total is known, and its diff
// names tables in Portuguese; a refused read is in the access log with its status.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe.mjs';
import { DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, storedSession, suiteSql, tid, USERS } from './helpers.mjs';

const LIVIA = { accessCode: 'DEMOCORP', userName: 'livia.auditoria', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

async function pick(page, q, kind, label) {
  await page.locator(tid('audit-search')).fill(q);
  const subject = page.locator(tid(`audit-subject-${kind}`), { hasText: label }).first();
  await subject.click();
  await page.locator(tid('audit-subject'), { hasText: label }).waitFor();
}

test('livia reads Ana\'s history, rebuilds a request as of an instant, verifies the chain and finds her reads logged', { timeout: 150_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, LIVIA);
    await page.goto('/apps/auditoria');
    await page.locator(tid('audit-page')).waitFor();

    // Ana's vacation: her entitlement's history, under the vacation subject.
    await pick(page, 'Ana Souza', 'vacation', 'Ana Souza');
    await page.locator(tid('audit-event')).first().waitFor();
    assert.match(await page.locator(tid('audit-timeline')).textContent(), /Direito a férias aberto/);
    await screenshot(page, 'audit-vacation-timeline');

    // Ana's timeline: her events, who did them, server time.
    await pick(page, 'Ana Souza', 'employee', 'Ana Souza');
    await page.locator(tid('audit-event')).first().waitFor();
    const total = Number((await page.locator(tid('audit-total')).textContent()).match(/\d+/)[0]);
    assert.ok(total > 0, 'Ana has events');
    const timelineText = await page.locator(tid('audit-timeline')).textContent();
    assert.match(timelineText, /Ana Souza/);
    assert.match(timelineText, /Solicitação criada/, 'event types are translated');
    assert.match(timelineText, /Direito a férias aberto/, 'her vacation is in her timeline');
    // The data column: labels in Portuguese, not the data's paths, and inside the page.
    const labels = await page.locator(`${tid('audit-event-field')} > span`).allTextContents();
    assert.ok(labels.length > 0, 'events show their data');
    for (const raw of ['actor.hash', 'fields.comentario', 'actor.id']) assert.ok(!labels.includes(`${raw}:`), `${raw} shown raw`);
    assert.ok(labels.includes('Autor › Código:'), `translated labels: ${labels.slice(0, 8).join(' ')}`);
    const fit = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('[data-testid="audit-event-field"]')];
      return { right: Math.max(...cells.map((c) => c.getBoundingClientRect().right)), width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth };
    });
    assert.ok(fit.right <= fit.width && fit.scroll <= fit.width, `the data column ends at ${fit.right} px, page ${fit.scroll} of ${fit.width} px`);
    await screenshot(page, 'audit-timeline');
    await expectAccessible(page, 'audit-timeline');

    // CSV of the whole timeline: a header and one line per event.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('audit-csv')).click()]);
    const csv = readFileSync(await download.path(), 'utf8').trim().split('\n');
    assert.equal(csv[0].split(',')[0], 'position');
    assert.ok(csv.length >= total + 1, `csv has ${csv.length} lines for ${total} events`);

    // Filtered by a day after today: nothing.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.locator(tid('audit-from')).fill(tomorrow);
    await page.locator(tid('audit-total'), { hasText: /^0 eventos?$/ }).waitFor();

    // A request of Ana's, as of yesterday (before the seed made it) against now.
    await pick(page, 'Notebook', 'request', 'Notebook');
    await page.locator(tid('audit-tab-asof')).click();
    await page.locator(tid('audit-asof-run')).click();
    await page.locator(tid('audit-asof-changes')).waitFor();
    const changes = await page.locator(tid('audit-asof-changes')).textContent();
    assert.match(changes, /Situação/);
    assert.match(changes, /Aguardando/, 'the request waits now');
    assert.match(await page.locator(tid('audit-asof-summary')).textContent(), /: 0 de \d+ eventos/);
    await screenshot(page, 'audit-asof');
    await expectAccessible(page, 'audit-asof');

    // An instant in the future is refused with the translated rule.
    const future = new Date(Date.now() + 3 * 86_400_000);
    const p = (n) => String(n).padStart(2, '0');
    await page.locator(tid('audit-asof-at')).fill(`${future.getFullYear()}-${p(future.getMonth() + 1)}-${p(future.getDate())}T10:00`);
    await page.locator(tid('audit-asof-run')).click();
    await page.locator(tid('audit-asof-error'), { hasText: 'O instante não pode estar no futuro.' }).waitFor();

    // The chain: intact; then an event edited with the store's triggers off is caught.
    await page.locator(tid('audit-tab-chain')).click();
    await page.locator(tid('audit-verify')).click();
    await page.locator(tid('audit-chain-intact')).waitFor();
    const victim = await suiteSql(suite, `SELECT position || ',' || stream FROM events WHERE stream LIKE 'request-%' ORDER BY position LIMIT 1 OFFSET 2`);
    const [position, stream] = victim.split(',');
    await suiteSql(suite, `SET session_replication_role = replica; UPDATE events SET data = jsonb_set(data, '{forged}', 'true') WHERE position = ${position}`);
    await page.locator(tid('audit-verify')).click();
    const broken = page.locator(tid('audit-chain-broken'));
    await broken.waitFor();
    const text = await broken.textContent();
    assert.match(text, /alterado depois de gravado/);
    assert.ok(text.includes(stream) && text.includes(`posição ${position}`), text);
    await screenshot(page, 'audit-chain-broken');

    // A shadow rebuild of the requests read model: progress to 100 %, then an empty diff;
    // after a read-model row is changed behind the projection's back, the next one shows it.
    // Every text the job shows on the way is kept: never "0 de 0", and its percentage never
    // goes back (it showed 100 % before the total was known, then 10 %).
    await page.locator(tid('audit-tab-replay')).click();
    await page.evaluate(() => {
      window.__replayTexts = [];
      new MutationObserver(() => {
        const job = document.querySelector('[data-testid="audit-replay-job"]');
        if (job) window.__replayTexts.push(`${job.dataset.job}|${job.dataset.state}|${job.querySelector('[data-testid="audit-replay-figures"]')?.textContent ?? ''}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const rebuild = async () => {
      await page.locator(tid('audit-replay-projection')).click();
      await page.getByRole('option', { name: 'Solicitações' }).click();
      const job = page.locator(tid('audit-replay-job'));
      const previous = (await job.count()) ? await job.getAttribute('data-job') : '';
      await page.locator(tid('audit-replay-start')).click();
      await page.locator(`${tid('audit-replay-job')}[data-state="done"]:not([data-job="${previous}"])`).waitFor({ timeout: 30_000 });
      assert.match(await page.locator(tid('audit-replay-figures')).textContent(), /\(100 %\)/);
      return Number(await page.locator(`${tid('audit-diff-requests')} ${tid('audit-diff-different')}`).textContent());
    };
    assert.equal(await rebuild(), 0, 'a fresh rebuild equals the live model');
    await suiteSql(suite, `UPDATE requests SET title = 'forged' WHERE id = (SELECT id FROM requests ORDER BY created_at LIMIT 1)`);
    assert.equal(await rebuild(), 1, 'the changed row is found');
    const texts = await page.evaluate(() => window.__replayTexts);
    assert.ok(texts.length > 0);
    const shownPct = new Map();
    for (const text of texts) {
      assert.doesNotMatch(text, /\b0 de 0\b/, `shown: ${text}`);
      const [id] = text.split('|');
      const pct = Number(text.match(/\((\d+) %\)/)?.[1] ?? -1);
      if (pct < 0) continue; // counting: no percentage
      assert.ok(pct >= (shownPct.get(id) ?? 0), `the progress went back to ${text} after ${shownPct.get(id)} %`);
      shownPct.set(id, pct);
    }
    assert.equal(await page.locator(`${tid('audit-diff-requests')} td`).first().locator('span').first().textContent(), 'Solicitações', 'the table is named in Portuguese');
    await screenshot(page, 'audit-replay');
    await expectAccessible(page, 'audit-replay');

    // Every read is in the access log, with who.
    await page.locator(tid('audit-tab-reads')).click();
    await page.locator(tid('audit-read')).first().waitFor();
    const log = await page.locator(tid('audit-reads')).textContent();
    for (const what of ['Busca', 'Linha do tempo', 'Estado em uma data', 'Verificação da cadeia', 'Reconstrução']) assert.ok(log.includes(what), `${what} logged`);
    assert.match(log, /Lívia Auditoria/);
    // The instant in the future was refused, and is logged with it.
    assert.ok(await page.locator(`${tid('audit-read-status')}[data-status="400"]`, { hasText: 'Recusada: dados inválidos' }).count() >= 1, 'the refused read is logged');
    await screenshot(page, 'audit-reads');
  } finally {
    await ctx.close();
  }
});

test('ana, an employee, has no audit entry and is turned away from its route', { timeout: 60_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/auditoria');
    await page.waitForURL((url) => !url.pathname.startsWith('/apps/auditoria'));
    assert.equal(await page.locator(tid('audit-page')).count(), 0);
    const { accessToken } = await storedSession(page);
    const res = await page.request.get('/api/audit/verify', { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(res.status(), 403, 'the server refuses her too');
  } finally {
    await ctx.close();
  }
});
