// Loose ends of the shell (issue 35), through the real server and browser: the toolbar's
// assistance link set by HR, the home banner's pending items with their links, the default
// child routes and an API 404 sending the browser to the error page.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, patientContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';

const marcos = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
const helena = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;

before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

test('the assistance button appears once HR sets the link and opens it in a new tab', { timeout: 90_000 }, async () => {
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    // No link configured: no button.
    await page.locator(tid('toolbar')).waitFor();
    assert.equal(await page.locator(tid('toolbar-assistance')).count(), 0);

    // HR sets the link through the real settings call (an event of the tenant's settings).
    const { access_token: token } = await apiLogin(suite.baseURL, helena);
    const template = JSON.stringify({ AssUrl: 'https://ajuda.democorp.test/portal', AssTitle: 'Central de ajuda' });
    const res = await fetch(`${suite.baseURL}/api/authManagement/updateConfig`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: 'STARPAR-C-TENANT', template }),
    });
    assert.equal(res.status, 200, await res.text());

    await page.reload();
    const button = page.locator(tid('toolbar-assistance'));
    await button.waitFor();
    assert.equal(await button.getAttribute('href'), 'https://ajuda.democorp.test/portal');
    assert.equal(await button.getAttribute('target'), '_blank');
    assert.equal(await button.getAttribute('aria-label'), 'Central de ajuda');
    await screenshot(page, 'loose-assistance-button');
  } finally {
    await ctx.close();
  }
});

test('the home banner lists the manager\'s pending approvals with their links', { timeout: 90_000 }, async () => {
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, marcos);
    const pending = page.locator(tid('home-pending'));
    await pending.waitFor();
    const badge = pending.locator(tid('home-pending-approvals-requests'));
    await badge.waitFor();
    assert.match(await badge.textContent(), /: [1-9]\d*$/);
    await screenshot(page, 'loose-home-pending');
    await badge.click();
    await page.waitForURL('**/apps/requestApprover/waiting');
  } finally {
    await ctx.close();
  }
});

test('the default child routes and an API 404 going to the error page', { timeout: 90_000 }, async () => {
  const ctx = await patientContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, marcos);
    await page.goto('/apps/gestor-rh');
    await page.waitForURL('**/apps/gestor-rh/aprovacao-ferias');
    await page.goto('/apps/rh');
    await page.waitForURL('**/apps/dashboards1');

    // The real server's answer to an address it does not have: the assistance read is sent to
    // an unknown path, and the app leaves for the 404 page.
    await page.route('**/api/gen/assistance**', (route) => route.continue({ url: `${suite.baseURL}/api/gen/nao-existe` }));
    await page.goto('/apps/homePage');
    await page.waitForURL('**/pages/errors/error-404');
    await screenshot(page, 'loose-api-404');
  } finally {
    await ctx.close();
  }
});
