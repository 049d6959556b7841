// Sign-in's role set, the app switcher and the public terminal, through the real server and
// Chromium (spec portal-core §1 app switcher and kiosk mode, §6 roles filtered at sign-in).
//
// The test changes users of its own database with psql (TEST_DATABASE_URL with the suite's
// database name): a user with keys and roles of another app, Ana with the suppliers key.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  apiLogin,
  DEMO_PASSWORD,
  enterAccessCode,
  enterCredentials,
  login,
  newUserContext,
  screenshot,
  startSuite,
  storedSession,
  tid,
  USERS,
  withDatabase,
} from './helpers.mjs';

const run = promisify(execFile);
const DB = process.env.TEST_DATABASE_URL;
const skip = DB ? false : 'needs TEST_DATABASE_URL to change users with psql';
const TOTEM = { accessCode: 'DEMOCORP', userName: 'totem.portaria', password: DEMO_PASSWORD };

let suite;
before(async () => {
  if (DB) suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

async function psql(sql) {
  await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', withDatabase(DB, suite.server.database), '-c', sql], {
    timeout: 30_000,
  });
}

/** Ids of the top-level groups the navigation shows. */
async function navGroups(page) {
  await page.locator(tid('navigation')).waitFor();
  return page.locator('[data-testid^="nav-group-"]').evaluateAll((els) => els.map((e) => e.dataset.testid.slice('nav-group-'.length)));
}

test('the first menu, before userinfo arrives, already holds only the roles of the keys held', { skip, timeout: 45_000 }, async () => {
  // A supplier account: stored HR roles but no employee (so no employee key), the suppliers key.
  await psql(`INSERT INTO users (tenant_id, id, user_name, hash, password_hash, display_name, roles, profile_keys)
    SELECT tenant_id, gen_random_uuid(), 'forn.keys', 'hash-forn-keys', password_hash, 'Fornecedor Chaves',
      '{pwa-rh-ges,pwa-rh-col,pwa-a08-ges}', '{"a08_ukey": "F-001"}'
    FROM users WHERE user_name = 'ana.souza'`);
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    // userinfo is held back until the menu has been looked at: the menu comes from the
    // login answer alone.
    const held = [];
    await page.route('**/api/cac-app/userinfo**', (route) => held.push(route));
    await login(page, { accessCode: 'DEMOCORP', userName: 'forn.keys', password: DEMO_PASSWORD });
    const groups = await navGroups(page);
    assert.ok(held.length > 0, 'userinfo was asked for and is still held');
    assert.ok(groups.includes('suppliers'), `groups ${groups}`);
    for (const hr of ['employee', 'manager', 'requests']) assert.ok(!groups.includes(hr), `HR group ${hr} shown: ${groups}`);
    const session = await storedSession(page);
    assert.deepEqual(session.user.roles, ['pwa-a08-ges']);
    assert.deepEqual(session.user.keys, { a08_ukey: 'F-001' });
    await screenshot(page, 'apps-first-menu-supplier');
    for (const r of held) await r.continue();
    await page.unroute('**/api/cac-app/userinfo**');
  } finally {
    await context.close();
  }
});

test('the app switcher changes the role set the menu shows', { skip, timeout: 45_000 }, async () => {
  await psql(`UPDATE users SET roles = '{pwa-rh-col,pwa-a08-ges}', profile_keys = '{"a08_ukey": "F-002"}'
    WHERE user_name = 'marcos.lima'`);
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD });
    let groups = await navGroups(page);
    assert.ok(groups.includes('employee') && !groups.includes('suppliers'), `Human Resources: ${groups}`);

    await page.locator(tid('app-switcher-button')).click();
    await page.locator(tid('app-suppliers')).waitFor();
    assert.equal(await page.locator(tid('app-customers')).count(), 0, 'no customers key, no customers app');
    await screenshot(page, 'apps-switcher');
    await page.locator(tid('app-suppliers')).click();
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('nav-group-suppliers')).waitFor();
    groups = await navGroups(page);
    assert.ok(!groups.includes('employee'), `Suppliers: ${groups}`);
    await screenshot(page, 'apps-suppliers-menu');

    // The supplier menu opens its pages; back in Human Resources the HR menu returns.
    await page.locator(tid('nav-group-suppliers')).getByText('Cotações').click();
    await page.waitForURL('**/apps/fornecedores/cotacoes');
    await page.locator(tid('app-switcher-button')).click();
    await page.locator(tid('app-hr')).click();
    await page.locator(tid('nav-group-employee')).waitFor();
    groups = await navGroups(page);
    assert.ok(!groups.includes('suppliers'), `back in Human Resources: ${groups}`);
  } finally {
    await context.close();
  }
});

test('at the kiosk an employee punches as themselves and the kiosk stays signed in', { skip, timeout: 45_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    // The kiosk account's home is the kiosk screen, not the greeting.
    await enterAccessCode(page, TOTEM.accessCode);
    await enterCredentials(page, TOTEM.userName, TOTEM.password);
    await page.waitForURL('**/apps/homePage');
    await page.locator(tid('kiosk-screen')).waitFor();
    const kiosk = await storedSession(page);
    assert.equal(kiosk.user.userName, 'totem.portaria');

    // The employee's own sign-in, for this one punch.
    const employeeLogin = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
    await page.locator(tid('kiosk-username')).fill(USERS.ana.userName);
    await page.locator(tid('kiosk-password')).fill(USERS.ana.password);
    await page.locator(tid('kiosk-punch')).click();
    const employee = await (await employeeLogin).json();
    assert.equal(employee.user.userName, 'ana.souza');
    await page.locator(tid('kiosk-success')).waitFor();
    assert.match(await page.locator(tid('kiosk-success')).innerText(), /Ana Souza/);
    // The form is empty for the next person.
    assert.equal(await page.locator(tid('kiosk-username')).inputValue(), '');
    await screenshot(page, 'kiosk-punched');

    // The mark is Ana's, in her history.
    const ana = await apiLogin(suite.baseURL, USERS.ana);
    const q = `tenId=${ana.user.tenId}&userHash=${ana.user.hash}`;
    let marks = [];
    for (let i = 0; i < 50 && marks.length === 0; i++) {
      const res = await fetch(`${suite.baseURL}/api/rh-app/colaborador/v2/historico-ponto?${q}`, {
        headers: { authorization: `Bearer ${ana.access_token}` },
      });
      assert.equal(res.status, 200);
      marks = await res.json();
      if (marks.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(marks.length, 1, `Ana's marks: ${JSON.stringify(marks)}`);

    // Ana's kiosk session was ended at once; the kiosk's own session is kept.
    const refused = await fetch(`${suite.baseURL}/api/cac-app/userinfo?tenId=${employee.user.tenId}&userHash=${employee.user.hash}`, {
      headers: { authorization: `Bearer ${employee.access_token}` },
    });
    assert.equal(refused.status, 401);
    const after = await storedSession(page);
    assert.equal(after.user.userName, 'totem.portaria');
    assert.equal(after.accessToken, kiosk.accessToken);
    const kioskInfo = await fetch(`${suite.baseURL}/api/cac-app/userinfo?tenId=${after.user.tenId}&userHash=${after.user.hash}`, {
      headers: { authorization: `Bearer ${after.accessToken}` },
    });
    assert.equal(kioskInfo.status, 200);
    await page.reload();
    await page.locator(tid('kiosk-screen')).waitFor();
  } finally {
    await context.close();
  }
});
