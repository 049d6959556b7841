// Single sign-on (spec portal-core §2, §4, §7) through a real OpenID provider: cmd/testop, which
// runs auth/oidctest (ory/fosite: authorization code flow, PKCE S256 enforced, ID tokens with
// the nonce). Nothing of the protocol is faked.
//
// How the provider is configured: the test builds cmd/testop (`go build -o bin/testop
// ./cmd/testop`, or uses TESTOP_BIN) and starts it on a free port of 127.0.0.1 with a public
// client `portal-e2e` whose redirect URI is http://127.0.0.1/callback (any port on the loopback
// address matches, RFC 8252) and one user, subject `ana-google-sub` with Ana's e-mail. It then
// writes DEMOCORP's identity provider into the suite's database with psql:
//   INSERT INTO tenant_sso (tenant_id, issuer, client_id, grant_types) VALUES (<DEMOCORP>, <testop URL>, 'portal-e2e', 0)
// (the database is TEST_DATABASE_URL with the suite's database name; the test is skipped
// without TEST_DATABASE_URL, which `make test` always sets). Ana's account is linked through
// the API: she signs in with her password, the test gets an ID token from testop by running the
// code flow with PKCE itself (as Google's own sign-in button would), and calls linkGoogle.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiLogin, DEMO_PASSWORD, enterAccessCode, login, newUserContext, screenshot, startSuite, storedSession, tid, USERS, withDatabase } from './helpers.mjs';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DB = process.env.TEST_DATABASE_URL;
const CLIENT_ID = 'portal-e2e';
const ANA_SUB = 'ana-google-sub';

let suite;
let op; // { issuer, stop }
let DEMOCORP_ID; // the tenant's id, from TenantInfo

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Builds (cached by Go) and starts cmd/testop; resolves when it prints its ready line. */
async function startTestOP() {
  let bin = process.env.TESTOP_BIN;
  if (!bin) {
    bin = path.join(repoRoot, 'bin', 'testop');
    await run('go', ['build', '-o', bin, './cmd/testop'], { cwd: repoRoot, timeout: 180_000 });
  }
  const port = await freePort();
  const child = spawn(
    bin,
    ['-addr', `127.0.0.1:${port}`, '-client-id', CLIENT_ID, '-redirect', 'http://127.0.0.1/callback',
      '-user', `${ANA_SUB}/ana.souza@democorp.com.br`, '-name', 'Ana Souza'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const kill = () => child.kill('SIGKILL');
  process.on('exit', kill);
  let log = '';
  const issuer = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`testop not ready:\n${log}`)), 15_000);
    child.stderr.on('data', (d) => (log += d));
    child.stdout.on('data', (d) => {
      log += d;
      const m = /testop ready (\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`testop exited ${code}:\n${log}`)));
  });
  return {
    issuer,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.on('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

async function psql(sql) {
  await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', withDatabase(DB, suite.server.database), '-c', sql], {
    timeout: 30_000,
  });
}

const b64url = (buf) => buf.toString('base64url');

/**
 * An ID token from testop for its user, through the real code flow with PKCE S256 (what a
 * client holds after signing in at the provider itself).
 */
async function idTokenFromOP() {
  const verifier = b64url(crypto.randomBytes(32));
  const challenge = b64url(crypto.createHash('sha256').update(verifier).digest());
  const state = b64url(crypto.randomBytes(16));
  const redirectUri = 'http://127.0.0.1:1/callback';
  const auth = new URL(`${op.issuer}/oauth2/auth`);
  auth.search = new URLSearchParams({
    response_type: 'code', client_id: CLIENT_ID, redirect_uri: redirectUri, scope: 'openid email',
    state, nonce: b64url(crypto.randomBytes(16)), code_challenge: challenge, code_challenge_method: 'S256',
  }).toString();
  const res = await fetch(auth, { redirect: 'manual' });
  assert.equal(res.status, 303, `authorize: ${res.status} ${await res.text()}`);
  const back = new URL(res.headers.get('location'));
  assert.equal(back.searchParams.get('state'), state);
  const token = await fetch(`${op.issuer}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: redirectUri,
      client_id: CLIENT_ID, code_verifier: verifier,
    }),
  });
  const body = await token.json();
  assert.equal(token.status, 200, JSON.stringify(body));
  return body.id_token;
}

before(async () => {
  if (!DB) return;
  const [s, o] = await Promise.allSettled([startSuite(), startTestOP()]);
  if (s.status === 'fulfilled') suite = s.value;
  if (o.status === 'fulfilled') op = o.value;
  if (s.status === 'rejected' || o.status === 'rejected') throw s.reason ?? o.reason;
  DEMOCORP_ID = (await (await fetch(`${suite.baseURL}/api/auth/TenantInfo?accessCode=DEMOCORP`)).json()).tenantId;
  assert.match(DEMOCORP_ID, /^[0-9a-f-]{36}$/);
  await psql(`INSERT INTO tenant_sso (tenant_id, issuer, client_id, grant_types)
    VALUES ('${DEMOCORP_ID}', '${op.issuer}', '${CLIENT_ID}', 0)`);
});
after(async () => {
  await Promise.allSettled([suite?.stop(), op?.stop()]);
});

const skip = DB ? false : 'needs TEST_DATABASE_URL to configure the tenant provider with psql';

test('Ana links her account, then signs in with the SSO button through the provider', { skip, timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    const visited = [];
    page.on('request', (r) => visited.push(r.url()));
    await enterAccessCode(page, 'DEMOCORP');
    // Step 2: switch to the Google mode (remembered in the login-mode cookie) and press the button.
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    const button = page.locator(tid('google-login'));
    await button.waitFor();
    assert.equal(await button.isEnabled(), true, 'the tenant has a provider: the button is enabled');

    // Not linked yet: the provider signs in its user, but no account of DEMOCORP is linked to
    // that subject (Ana's e-mail alone links nothing).
    await button.click();
    await page.waitForURL('**/callback?**');
    await page.locator(tid('sso-error')).waitFor();
    assert.match(await page.locator(tid('sso-error')).innerText(), /não está vinculada/);

    // Ana links her account through the API with a fresh ID token of the provider.
    const { user, access_token: token } = await apiLogin(suite.baseURL, USERS.ana);
    const link = await fetch(`${suite.baseURL}/api/auth/linkGoogle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ tenId: user.tenId, userHash: user.hash, token: await idTokenFromOP() }),
    });
    assert.equal(link.status, 204, await link.text());

    visited.length = 0;
    await page.locator(tid('sso-back')).click();
    await button.click();
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('home-greeting')).waitFor();
    assert.match(await page.locator(tid('home-greeting')).innerText(), /Ana Souza/);

    // It went through the provider's authorization endpoint with PKCE S256, then /callback.
    const authorize = visited.map((u) => new URL(u)).find((u) => u.href.startsWith(`${op.issuer}/oauth2/auth`));
    assert.ok(authorize, `no request to the provider: ${visited.join('\n')}`);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authorize.searchParams.get('client_id'), CLIENT_ID);
    assert.ok(authorize.searchParams.get('nonce'));
    assert.ok(visited.some((u) => new URL(u).pathname === '/callback' && new URL(u).searchParams.get('code')));

    const session = await storedSession(page);
    assert.equal(session.user.userName, 'ana.souza');
    assert.equal(session.user.isSSO, true);
  } finally {
    await context.close();
  }
});

test("a forged state on /callback shows 'Invalid state'", { skip, timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/sso/callback'));
    await page.goto(`/callback?code=abc&state=${DEMOCORP_ID}.forged`);
    assert.equal((await answer).status(), 400);
    const error = page.locator(tid('sso-error'));
    await error.waitFor();
    assert.equal((await error.innerText()).trim(), 'Estado inválido');
    assert.equal(await storedSession(page).then((s) => s?.accessToken ?? null), null);
  } finally {
    await context.close();
  }
});

test('with a grant type count above 0 the login screen goes to /callback and the provider', { skip, timeout: 30_000 }, async () => {
  await psql(`UPDATE tenant_sso SET grant_types = 1 WHERE tenant_id = '${DEMOCORP_ID}'`);
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await enterAccessCode(page, 'DEMOCORP');
    // No credentials form: straight to the provider and back, signed in as Ana.
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('home-greeting')).waitFor();
    assert.match(await page.locator(tid('home-greeting')).innerText(), /Ana Souza/);
  } finally {
    await context.close();
    await psql(`UPDATE tenant_sso SET grant_types = 0 WHERE tenant_id = '${DEMOCORP_ID}'`);
  }
});

// spec portal-core §4: "logout goes to the identity provider's logout address if known". A
// tenant that signs in through its provider (grant type 1) would otherwise be signed straight
// back in by the provider's own session.
test('a single sign-on user logs out at the provider and is not signed straight back in', { skip, timeout: 45_000 }, async () => {
  await psql(`UPDATE tenant_sso SET grant_types = 1 WHERE tenant_id = '${DEMOCORP_ID}'`);
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    const visited = [];
    page.on('request', (r) => visited.push(r.url()));
    await enterAccessCode(page, 'DEMOCORP');
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('home-greeting')).waitFor();
    // The session survives a refresh as single sign-on (isSSO rides in the session record).
    const refreshed = await page.evaluate(async () => {
      const s = JSON.parse(localStorage.getItem('portal-session')).state;
      const res = await fetch('/api/auth/refreshToken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: s.refreshToken, accessCode: s.user.accessCode, userName: s.user.userName }),
      });
      const body = await res.json();
      const next = { ...s, user: { ...s.user, ...body.user }, accessToken: body.access_token, refreshToken: body.refreshToken };
      localStorage.setItem('portal-session', JSON.stringify({ state: next, version: 0 }));
      return { status: res.status, isSSO: body.user?.isSSO };
    });
    assert.deepEqual(refreshed, { status: 200, isSSO: true });
    await page.reload();
    await page.locator(tid('home-greeting')).waitFor();
    assert.equal((await storedSession(page)).user.isSSO, true);

    const before = await storedSession(page);
    visited.length = 0;
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('logout')).click();
    // Off to the provider's end-session endpoint, back to the login of the company, on to the
    // provider again (grant type 1) — which now asks to sign in instead of consenting.
    await page.locator('#op-sign-in').waitFor({ timeout: 15_000 });
    const end = visited.map((u) => new URL(u)).find((u) => u.href.startsWith(`${op.issuer}/oauth2/logout`));
    assert.ok(end, `no request to the end-session endpoint: ${visited.join('\n')}`);
    assert.equal(end.searchParams.get('client_id'), CLIENT_ID);
    assert.equal(end.searchParams.get('post_logout_redirect_uri'), `${suite.baseURL}/login/DEMOCORP`);
    assert.ok(visited.some((u) => u.startsWith(`${suite.baseURL}/login/DEMOCORP`)), 'came back to the login of the company');
    await screenshot(page, 'sso-provider-signed-out');
    // The portal's session is over on the server too.
    const again = await fetch(`${suite.baseURL}/api/auth/refreshToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: before.refreshToken, accessCode: 'DEMOCORP', userName: 'ana.souza' }),
    });
    assert.equal(again.status, 401);

    // Signing in at the provider again brings Ana back.
    await page.locator('#op-sign-in-button').click();
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('home-greeting')).waitFor();
  } finally {
    await context.close();
    await psql(`UPDATE tenant_sso SET grant_types = 0 WHERE tenant_id = '${DEMOCORP_ID}'`);
  }
});

// The tenant's provider is configured by a user with the Admin flag in the HR settings panel
// (spec portal-core §3, business §6), with the server's validation shown on the field.
test('Helena configures the tenant provider in the HR settings panel', { skip, timeout: 45_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD });
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-hrSettings')).click();
    await page.locator(tid('admin-open-sso')).click(); // its section of the administration panels
    const issuer = page.locator(tid('sso-config-issuer'));
    await issuer.waitFor();
    assert.equal(await issuer.inputValue(), op.issuer);
    assert.equal(await page.locator(tid('sso-config-client-id')).inputValue(), CLIENT_ID);

    // A provider that is not https (and not on this machine) is refused on its field.
    await issuer.fill('http://idp.example.com');
    assert.equal(await issuer.inputValue(), 'http://idp.example.com');
    const refused = page.waitForResponse((r) => r.url().includes('/api/auth/sso/config') && r.request().method() === 'PUT');
    await page.locator(tid('sso-config-save')).click();
    const refusal = await refused;
    assert.equal(refusal.status(), 400);
    assert.deepEqual((await refusal.json()).errors, [{ type: 'issuer', message: 'emissor_https' }]);
    await page.getByText('O provedor precisa usar https').waitFor();
    await screenshot(page, 'sso-config-error');

    // Back to the real provider, now signing in through it only (grant type 1).
    await issuer.fill(op.issuer);
    await page.locator(tid('sso-config-grant')).getByText('Só pelo provedor').click();
    const saved = page.waitForResponse((r) => r.url().includes('/api/auth/sso/config') && r.request().method() === 'PUT');
    await page.locator(tid('sso-config-save')).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('Provedor salvo').waitFor();
    await screenshot(page, 'sso-config-saved');
    const info = await (await fetch(`${suite.baseURL}/api/auth/TenantInfo?accessCode=DEMOCORP`)).json();
    assert.equal(info.cognitoGrantTypes, 1);
    assert.equal(info.cognitoAppIntegration.cognitoDomain, op.issuer);
  } finally {
    await context.close();
    await psql(`UPDATE tenant_sso SET grant_types = 0, issuer = '${op.issuer}' WHERE tenant_id = '${DEMOCORP_ID}'`);
  }
});

// The profile links and unlinks the user's provider account through the provider's own
// sign-in (spec portal-core §7 linkGoogle / removelinkGoogle). Ana was linked by the first test.
test('Ana unlinks and links her provider account from her profile', { skip, timeout: 45_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    await page.goto('/pages/profile');
    await page.locator(tid('sso-identity')).waitFor();
    assert.match(await page.locator(tid('sso-identity')).innerText(), /ana\.souza@democorp\.com\.br/);

    await page.locator(tid('sso-unlink')).click();
    await page.waitForURL('**/pages/profile?sso=unlink');
    await page.locator(tid('sso-link-done')).waitFor();
    await page.locator(tid('sso-identity-none')).waitFor();
    // Unlinked: the provider's sign-in no longer makes Ana.
    const start = await (await fetch(`${suite.baseURL}/api/auth/sso/start?accessCode=DEMOCORP&redirectUrl=${encodeURIComponent('http://127.0.0.1:1/callback')}`)).json();
    const back = await fetch(start.url, { redirect: 'manual' });
    const q = new URL(back.headers.get('location')).searchParams;
    const refused = await fetch(`${suite.baseURL}/api/auth/sso/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: q.get('code'), state: q.get('state') }),
    });
    assert.equal(refused.status, 401);

    await page.locator(tid('sso-link')).click();
    await page.waitForURL('**/pages/profile?sso=link');
    await page.locator(tid('sso-identity')).waitFor();
    await screenshot(page, 'sso-profile-linked');
    // Still Ana's own session: linking signed no one else in.
    assert.equal((await storedSession(page)).user.userName, 'ana.souza');
  } finally {
    await context.close();
  }
});
