// Live push through Centrifugo under faults (issue 11): the portal's Centrifugo child is
// killed while Ana punches; the supervisor restarts it, her untouched tab reconnects and
// shows the mark without a reload (recovered from history, or reloaded when the restarted
// node has no history of the gap). A hand-made socket with a forged token gets nothing.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, countMarks, login, newUserContext, PLACES, startSuite, tid, USERS, waitLive } from './helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

async function health() {
  const res = await fetch(`${suite.baseURL}/health`);
  return (await res.json()).push;
}

test('Centrifugo killed while ana punches: restarted, her other tab shows the mark without reload', { timeout: 90_000 }, async (t) => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    const watcher = await context.newPage();
    const live = waitLive(watcher);
    await watcher.goto('/apps/homePage');
    await live;
    await watcher.getByText('não há registros para exibição !').waitFor();
    await watcher.evaluate(() => {
      window.__e2eNoReload = true;
    });

    const before = await health();
    assert.equal(before.status, 'ok');
    assert.ok(before.pid > 0, 'the child has a pid');
    process.kill(before.pid, 'SIGKILL');

    // Ana punches while Centrifugo is down or restarting: the mark is committed, its push
    // waits in the outbox.
    const { user, access_token: token } = await apiLogin(suite.baseURL, USERS.ana);
    const { latitude, longitude } = PLACES.democorpOffice;
    const when = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    const res = await fetch(
      `${suite.baseURL}/api/rh-app/colaborador/v2/registrar-ponto?tenId=${user.tenId}&userHash=${user.hash}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          n09_001_t: when,
          bygoogle: false,
          localSelecionado: { endereco: 'Av. Paulista, 1000', latitude: String(latitude), longitude: String(longitude) },
          localCapturado: { endereco: 'captured', latitude: String(latitude), longitude: String(longitude) },
          cercaVirtual: [],
          cercaProxima: null,
        }),
      },
    );
    assert.equal(res.status, 200, await res.text());
    const t0 = Date.now();

    await watcher.waitForFunction((sel) => document.querySelectorAll(sel).length > 0, tid('home-mark'), { timeout: 30_000 });
    t.diagnostic(`mark shown in the untouched tab ${Date.now() - t0} ms after the punch, across the Centrifugo restart`);
    assert.equal(await countMarks(watcher, 'home-mark'), 1);
    assert.equal(await watcher.evaluate(() => window.__e2eNoReload), true, 'no reload');

    const after = await health();
    assert.equal(after.status, 'ok');
    assert.notEqual(after.pid, before.pid, 'a new Centrifugo process');
    assert.ok(after.restarts >= 1, `restarts ${after.restarts}`);
  } finally {
    await context.close();
  }
});

test('a socket opened by hand with a forged token is refused and receives nothing', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await page.goto('/');
    const outcome = await page.evaluate(async () => {
      // A token that names another tenant's channel, signed with a guessed key.
      const enc = (o) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const header = enc({ alg: 'HS256', typ: 'JWT' });
      const body = enc({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 60, channels: ['tenant:00000000-0000-0000-0000-000000000001'] });
      const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('guessed-key-0123456789abcdef012345'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${header}.${body}`)));
      const token = `${header}.${body}.${btoa(String.fromCharCode(...sig)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`;
      const ws = new WebSocket(`ws://${location.host}/connection/websocket`);
      const frames = [];
      return new Promise((resolve) => {
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, connect: { token, subs: { 'tenant:00000000-0000-0000-0000-000000000001': {} } } }));
        ws.onmessage = (e) => frames.push(String(e.data));
        ws.onclose = (e) => resolve({ code: e.code, reason: e.reason, frames });
        setTimeout(() => resolve({ code: 0, reason: 'still open', frames }), 5000);
      });
    });
    assert.equal(outcome.code, 3500, JSON.stringify(outcome));
    assert.match(outcome.reason, /invalid token/);
    assert.ok(!outcome.frames.some((f) => f.includes('"connect"') || f.includes('"pub"')), `frames: ${outcome.frames}`);
  } finally {
    await context.close();
  }
});
