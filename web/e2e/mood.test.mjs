// Mood and energy (spec portal-business §2 home banner and check-in, §4, §7, §9): Ana sees the
// banner of DEMOCORP's home settings with her name, checks in with the two sliders, gets the
// thanks and the panel hides behind its marker; a second check-in within the cool-down is
// refused by the server; when the cool-down ends the panel is back. Marcos, her manager, has
// the nine-box open meanwhile and sees her avatar move into a box live, without reload.
//
// The cool-down follows the request host's environment (1 minute on test hosts, asserted in
// readapi's mood tests); the server runs with MOOD_COOLDOWN=5s so the test need not wait.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS, waitLive } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const MARCOS = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
const COOL_DOWN_S = 5;

let suite;
before(async () => {
  suite = await startSuite({ env: { MOOD_COOLDOWN: `${COOL_DOWN_S}s` } });
});
after(async () => {
  await suite?.stop();
});

async function moodCall(session, method, path = '', body) {
  const res = await fetch(`${suite.baseURL}/api/gen/HumorEnergy${path}?tenId=${session.user.tenId}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('ana checks in from the banner; marcos sees her avatar appear in the nine-box live', { timeout: 90_000 }, async (t) => {
  const [marcosCtx, anaCtx] = await Promise.all([newUserContext(suite), newUserContext(suite)]);
  try {
    // Marcos opens the nine-box for today: Ana has no check-in yet.
    const boss = await marcosCtx.newPage();
    const bossStream = waitLive(boss);
    await login(boss, MARCOS);
    await bossStream;
    await boss.goto('/apps/humorEnergy');
    await boss.evaluate(() => {
      window.__e2eNoReload = true;
    });
    await boss.locator(tid('ninebox')).waitFor();
    assert.equal(await boss.locator(tid('ninebox-cell')).count(), 9);
    const anaWithout = boss.locator(`${tid('ninebox-without')} [aria-label^="Ana Souza:"]`);
    await anaWithout.waitFor();
    const anaInBox = boss.locator(`${tid('ninebox-cell')} [aria-label^="Ana Souza:"]`);
    assert.equal(await anaInBox.count(), 0);

    // Ana's home: the banner from DEMOCORP's settings with her name, and the check-in panel.
    const page = await anaCtx.newPage();
    await login(page, USERS.ana);
    // The texts show once the tenant's settings are read (hidden until then).
    await page.locator(tid('home-banner-greeting')).waitFor({ state: 'visible' });
    assert.equal(await page.locator(tid('home-banner-greeting')).textContent(), 'Bom dia, Ana Souza!');
    assert.equal(await page.locator(tid('home-banner-title')).textContent(), 'Bem-vindo ao portal da Demo Corp');
    const bg = await page.locator(tid('home-banner')).evaluate((el) => getComputedStyle(el).backgroundImage);
    assert.match(bg, /home-banner-democorp\.svg/);
    const box = await page.locator(tid('home-banner-box')).evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(box, 'rgba(11, 37, 69, 0.55)');
    await page.locator(tid('home-pending-mood')).waitFor();
    const panel = page.locator(tid('mood-checkin'));
    await panel.waitFor();
    assert.ok(await page.getByText('Como você está se sentindo hoje?').isVisible());
    const sliders = panel.getByRole('slider');
    assert.equal(await sliders.count(), 2);
    for (const s of [sliders.nth(0), sliders.nth(1)]) {
      const v = Number(await s.getAttribute('aria-valuenow'));
      assert.ok(v >= 1 && v <= 5, `random start ${v}`);
    }
    // Set humor to 4.5 and energy to 4.0 with the keyboard (End = 5, then steps of 0.1 down).
    await sliders.nth(0).focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await sliders.nth(1).focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    assert.equal(await sliders.nth(0).getAttribute('aria-valuenow'), '4.5');
    assert.equal(await sliders.nth(1).getAttribute('aria-valuenow'), '4');
    await screenshot(page, 'mood-home-banner-pt');
    await expectAccessible(page, 'mood: mood-home-banner-pt');

    const sent = Date.now();
    await page.locator(tid('mood-send')).click();
    await page.getByText('Obrigado pela sua participação!').waitFor();
    await panel.waitFor({ state: 'detached' });

    // Marcos's nine-box follows without reload: Ana in the box mood high × energy high.
    await anaInBox.waitFor({ timeout: 5_000 });
    t.diagnostic(`ana's avatar in marcos's nine-box ${Date.now() - sent} ms after send`);
    const cell = boss.locator(tid('ninebox-cell')).filter({ has: boss.locator('[aria-label^="Ana Souza:"]') });
    assert.equal(await cell.getAttribute('data-humor'), '2');
    assert.equal(await cell.getAttribute('data-energy'), '2');
    assert.match(await anaInBox.getAttribute('aria-label'), /humor 4\.5 .*energia 4\.0/);
    assert.equal(await anaWithout.count(), 0);
    assert.ok(await boss.evaluate(() => window.__e2eNoReload === true), 'the nine-box page was reloaded');
    await screenshot(boss, 'mood-ninebox-pt');

    // The cool-down is enforced by the server, whatever the browser shows.
    const ana = await apiLogin(suite.baseURL, USERS.ana);
    const again = await moodCall(ana, 'POST', '', { humor: 3, energy: 3 });
    assert.equal(again.status, 422);
    assert.deepEqual(again.body, { message: 'aguarde_novo_registro', errors: [{ type: 'checkin', message: 'aguarde_novo_registro' }] });
    const state = await moodCall(ana, 'GET', '/checkin');
    assert.equal(state.body.enabled, true);
    assert.equal(state.body.visible, false);
    assert.equal(state.body.coolDownSeconds, COOL_DOWN_S);

    // A reload keeps the panel hidden (the marker); after the cool-down it is back.
    await page.reload();
    await page.locator(tid('home-banner')).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await panel.count(), 0);
    const wait = sent + COOL_DOWN_S * 1000 + 300 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    await page.reload();
    await panel.waitFor();
    assert.equal((await moodCall(ana, 'GET', '/checkin')).body.visible, true);
    // Checked last: the five-second cool-down above leaves no room for a scan before it.
    await expectAccessible(boss, 'mood: mood-ninebox-pt');
  } finally {
    await Promise.allSettled([marcosCtx.close(), anaCtx.close()]);
  }
});

test('carla (ACMECORP, no payroll tool) gets the default banner and no check-in', { timeout: 60_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.carla);
    await page.locator(tid('home-banner-greeting')).waitFor({ state: 'visible' });
    assert.equal(await page.locator(tid('home-banner-greeting')).textContent(), 'Que bom ter você aqui, Carla Mendes!');
    assert.equal(await page.locator(tid('home-banner-title')).textContent(), 'Bem-vindo ao portal');
    const bg = await page.locator(tid('home-banner')).evaluate((el) => getComputedStyle(el).backgroundImage);
    assert.match(bg, /\/images\/home-banner\.svg/);
    await page.locator(tid('home-pending')).waitFor();
    assert.equal(await page.locator(tid('mood-checkin')).count(), 0);
    const carla = await apiLogin(suite.baseURL, USERS.carla);
    const refused = await moodCall(carla, 'POST', '', { humor: 3, energy: 3 });
    assert.equal(refused.status, 403);
    // The nine-box is not on her menu, and the route sends her home.
    await page.goto('/apps/humorEnergy');
    await page.waitForURL((u) => !u.pathname.startsWith('/apps/humorEnergy'));
  } finally {
    await ctx.close();
  }
});
