// Spec scenario 5: 404 page, wrong access code, wrong password (field errors, pt).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  enterAccessCode,
  enterCredentials,
  fieldError,
  login,
  newUserContext,
  screenshot,
  startSuite,
  tid,
  USERS,
} from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

test('an unknown route shows the 404 page (guest and signed in)', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    const res = await page.goto('/apps/does-not-exist');
    assert.equal(res.status(), 200, 'the server hands the app to unknown paths');
    const notFound = page.locator(tid('not-found'));
    await notFound.waitFor();
    assert.match(await notFound.innerText(), /Erro 404/);
    assert.match(await notFound.innerText(), /A página que você procura não pôde ser encontrada\./);
    assert.equal(new URL(page.url()).pathname, '/apps/does-not-exist');

    await login(page, USERS.ana);
    await page.goto('/apps/does-not-exist');
    await notFound.waitFor();
    // Signed in, the 404 shows inside the app (toolbar with the user menu).
    await page.locator(tid('user-menu')).waitFor();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await page.waitForURL('**/apps/homePage');
  } finally {
    await context.close();
  }
});

test('a wrong access code shows the error on the access-code field', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/TenantInfo'));
    await enterAccessCode(page, 'NOPE123');
    assert.equal((await answer).status(), 404);
    const input = page.locator(tid('access-code'));
    await page.getByText('Código de acesso inválido').waitFor();
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.equal(await fieldError(page, 'access-code'), 'Código de acesso inválido Verifique Código de Acesso.');
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await page.locator(tid('username')).count(), 0, 'still on step 1');
  } finally {
    await context.close();
  }
});

test('a wrong password shows the error on the password field', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await enterAccessCode(page, USERS.ana.accessCode);
    await page.locator(tid('username')).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login/DEMOCORP');
    assert.equal(await page.locator(tid('tenant-name')).textContent(), 'Demo Corp');
    await page.locator(tid('username')).fill(USERS.ana.userName);
    await screenshot(page, 'login-step2');
    await expectAccessible(page, 'login: login-step2');

    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/login'));
    await enterCredentials(page, USERS.ana.userName, 'wrong-password');
    assert.equal((await answer).status(), 401);
    await page.getByText('Não autorizado').waitFor();
    // Mantine's PasswordInput marks its inner input with data-invalid (no aria-invalid).
    assert.equal(await page.locator(tid('password')).getAttribute('data-invalid'), 'true');
    assert.equal(await fieldError(page, 'password'), 'Não autorizado');
    assert.equal(await fieldError(page, 'username'), '');
    assert.equal(new URL(page.url()).pathname, '/login/DEMOCORP');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('portal-session') ?? '{}').state?.accessToken ?? null), null);
  } finally {
    await context.close();
  }
});
