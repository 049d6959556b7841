// Password and token flows through the real server and browser (spec portal-core §2, §4, §5,
// §7, §8): forgot password with the code read from a real SMTP server, the
// NEW_PASSWORD_REQUIRED challenge of nova.senha, change password from the user menu, and the
// token sign-in screen.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import {
  apiLogin,
  DEMO_PASSWORD,
  enterAccessCode,
  enterCredentials,
  fieldError,
  login,
  newUserContext,
  screenshot,
  startSuite,
  storedSession,
  tid,
} from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

// ---- a real SMTP server (smtp-server), keeping what it receives ----
const mails = [];
let mailArrived = () => {};
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
      mailArrived();
      callback();
    });
  },
});

/** The body of a quoted-printable mail, decoded. */
function bodyOf(raw) {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for the n-th mail (from 0) to address and returns the 8-character code on its own line. */
async function codeFor(address, n = 0, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const theirs = mails.filter((m) => m.to.includes(address));
    if (theirs.length > n) {
      const m = /^\s*([A-Z2-9]{8})\s*$/m.exec(bodyOf(theirs[n].raw));
      assert.ok(m, `no code in the mail:\n${theirs[n].raw}`);
      return m[1];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => {
      mailArrived = resolve;
      setTimeout(resolve, 200);
    });
  }
}

let suite;
before(async () => {
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', resolve);
  });
  const { port } = smtp.server.address();
  suite = await startSuite({ env: { SMTP_ADDR: `127.0.0.1:${port}`, SMTP_FROM: 'no-reply@portal.local' } });
});
after(async () => {
  await suite?.stop();
  await new Promise((resolve) => smtp.close(resolve));
});

const PEDRO = { accessCode: 'DEMOCORP', userName: 'pedro.ferias', password: DEMO_PASSWORD };

test('forgot password: the code from the mail sets a new password', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    // Without forgot data the reset page goes to the login.
    await page.goto('/forgot-password');
    await page.waitForURL('**/login');

    await enterAccessCode(page, PEDRO.accessCode);
    await page.locator(tid('username')).waitFor();
    // The forgot link needs the user name.
    await page.locator(tid('forgot-password')).click();
    assert.equal(await fieldError(page, 'username'), 'Informe o usuário');
    assert.equal(mails.length, 0);

    await page.locator(tid('username')).fill(PEDRO.userName);
    const asked = page.waitForResponse((r) => r.url().includes('/AdminForgotPassword'));
    await page.locator(tid('forgot-password')).click();
    assert.equal((await asked).status(), 200);
    await page.waitForURL('**/forgot-password');
    const code = await codeFor('pedro.ferias@democorp.com.br');
    assert.match(code, /^[A-Z2-9]{8}$/);

    const submit = page.locator(tid('reset-submit'));
    assert.equal((await submit.innerText()).trim().toLowerCase(), 'redefinir minha senha');
    assert.equal(await submit.isDisabled(), true, 'disabled until valid and touched');
    await page.locator(tid('reset-code')).pressSequentially(code.toLowerCase());
    assert.equal(await page.locator(tid('reset-code')).inputValue(), code, 'the code is forced to upper case');
    await page.locator(tid('reset-new-password')).fill('Esqueci@2025');
    await page.locator(tid('reset-new-password-confirm')).fill('Esqueci@2024');
    assert.equal(await fieldError(page, 'reset-new-password-confirm'), 'As senhas devem ser iguais');
    assert.equal(await submit.isDisabled(), true);
    await page.locator(tid('reset-new-password-confirm')).fill('Esqueci@2025');
    // The show/hide toggle.
    assert.equal(await page.locator(tid('reset-new-password')).getAttribute('type'), 'password');
    await page.locator(tid('reset-new-password-toggle')).click();
    assert.equal(await page.locator(tid('reset-new-password')).getAttribute('type'), 'text');
    await screenshot(page, 'forgot-password');
    await expectAccessible(page, 'auth-flows: forgot-password');

    const confirmed = page.waitForResponse((r) => r.url().includes('/AdminConfirmForgotPassword'));
    await submit.click();
    assert.equal((await confirmed).status(), 200);
    await page.waitForURL('**/login/DEMOCORP');

    // The old password no longer works; the new one does.
    await enterCredentials(page, PEDRO.userName, DEMO_PASSWORD);
    await page.getByText('Não autorizado').waitFor();
    await page.locator(tid('password')).fill('Esqueci@2025');
    await page.locator(tid('login')).click();
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('home-greeting')).waitFor();
  } finally {
    await context.close();
  }
});

test('first sign-in of nova.senha: the new-password challenge', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await enterAccessCode(page, 'DEMOCORP');
    await page.locator(tid('username')).waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/login'));
    await enterCredentials(page, 'nova.senha', DEMO_PASSWORD);
    const body = await (await answer).json();
    assert.equal(body.authResponse?.challengeName, 'NEW_PASSWORD_REQUIRED');
    assert.equal(body.access_token, undefined, 'no tokens with a challenge');
    await page.waitForURL('**/change-password');
    assert.equal(await page.locator(tid('current-password')).count(), 0, 'no current password after a challenge');
    assert.equal((await storedSession(page))?.accessToken ?? null, null);

    await page.locator(tid('new-password')).fill('curta');
    assert.equal(await fieldError(page, 'new-password'), 'A senha deve ter pelo menos 8 caracteres');
    // The server refuses the current password again.
    await page.locator(tid('new-password')).fill(DEMO_PASSWORD);
    await page.locator(tid('new-password-confirm')).fill(DEMO_PASSWORD);
    await page.locator(tid('change-password-submit')).click();
    await page.getByText('Esta senha já foi usada recentemente. Escolha outra.').waitFor();

    await page.locator(tid('new-password')).fill('Primeira@2025');
    await page.locator(tid('new-password-confirm')).fill('Primeira@2025');
    await screenshot(page, 'new-password-required');
    await expectAccessible(page, 'auth-flows: new-password-required');
    await page.locator(tid('change-password-submit')).click();
    await page.waitForURL('**/login/DEMOCORP');
    await enterCredentials(page, 'nova.senha', 'Primeira@2025');
    await page.waitForURL('**/apps/homePage');
  } finally {
    await context.close();
  }
});

test('change password from the user menu', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    const marcos = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
    await login(page, marcos);
    await page.locator(tid('user-menu')).click();
    const entry = page.locator(tid('user-menu-changePassword'));
    if (await entry.count()) await entry.click();
    else await page.goto('/change-password');
    await page.waitForURL('**/change-password');

    await page.locator(tid('current-password')).fill('Errada@2024');
    await page.locator(tid('new-password')).fill('Trocada@2025');
    await page.locator(tid('new-password-confirm')).fill('Trocada@2025');
    await page.locator(tid('change-password-submit')).click();
    await page.getByText('A senha atual está incorreta').waitFor();

    await page.locator(tid('current-password')).fill(DEMO_PASSWORD);
    const changed = page.waitForResponse((r) => r.url().includes('/api/auth/changePassword'));
    await page.locator(tid('change-password-submit')).click();
    assert.equal((await changed).status(), 200);
    await page.waitForURL('**/apps/homePage');

    // Still signed in; after logout only the new password works.
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('logout')).click();
    await page.waitForURL('**/login/DEMOCORP');
    await enterCredentials(page, marcos.userName, DEMO_PASSWORD);
    await page.getByText('Não autorizado').waitFor();
    await page.locator(tid('password')).fill('Trocada@2025');
    await page.locator(tid('login')).click();
    await page.waitForURL('**/apps/homePage');
  } finally {
    await context.close();
  }
});

test('the token sign-in screen (query u, ru, r, c)', { timeout: 30_000 }, async () => {
  const signedIn = await apiLogin(suite.baseURL, { accessCode: 'DEMOCORP', userName: 'ana.souza', password: DEMO_PASSWORD });
  const link = `/auth/token?u=ana.souza&ru=${encodeURIComponent('/apps/homePage')}&r=${encodeURIComponent(signedIn.refreshToken)}&c=DEMOCORP`;
  const first = await newUserContext(suite);
  const second = await newUserContext(suite);
  try {
    const page = await first.newPage();
    await page.goto(link);
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('home-greeting')).waitFor();
    const session = await storedSession(page);
    assert.equal(session.user.userName, 'ana.souza');
    assert.ok(session.refreshToken && session.refreshToken !== signedIn.refreshToken, 'the refresh token was rotated');

    // The same (now used) refresh token again: the sign-in fails and goes to the login,
    // keeping where to go; signing in there lands on ru.
    const other = await second.newPage();
    await other.goto(link);
    await other.waitForURL(/\/login\/DEMOCORP\/ru=/);
    await other.locator(tid('username')).waitFor();
    await enterCredentials(other, 'ana.souza', DEMO_PASSWORD);
    await other.waitForURL('**/apps/homePage');

    // Replaying a used refresh token revoked its whole session: the first browser's refreshed
    // tokens are refused too.
    const refused = await fetch(`${suite.baseURL}/api/auth/refreshToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: session.refreshToken, accessCode: 'DEMOCORP', userName: 'ana.souza' }),
    });
    assert.equal(refused.status, 401);
    assert.deepEqual((await refused.json()).errors, [{ type: 'refresh', message: 'falha_ao_renovar_token' }]);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
