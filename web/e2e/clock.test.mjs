// Spec scenario 1: two-step sign-in, quick time clock, live update of the marks through the
// live push (Centrifugo, no reload).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { countMarks, login, newUserContext, openClock, screenshot, startSuite, tid, USERS, waitLive } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Resolves with the ms it took until `testId` items number more than `n`, from `t0`. */
async function grows(page, testId, n, t0, timeout) {
  await page.waitForFunction(
    ([sel, min]) => document.querySelectorAll(sel).length > min,
    [tid(testId), n],
    { timeout, polling: 20 },
  );
  return Date.now() - t0;
}

test('ana signs in, registers a mark and sees it live in both tabs without reload', { timeout: 60_000 }, async (t) => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    assert.equal(new URL(page.url()).pathname, '/apps/homePage');
    assert.equal(await page.locator(tid('home-greeting')).textContent(), 'Olá, Ana Souza!');

    // A second tab of the same user that only shows the home page and is never touched:
    // its last-marks card can only learn about the new mark from the push stream (its own
    // poll runs every 60 s).
    const watcher = await context.newPage();
    const watcherStream = waitLive(watcher);
    await watcher.goto('/apps/homePage');
    await watcherStream; // headers are sent once the server has subscribed the connection
    await watcher.getByText('não há registros para exibição !').waitFor();
    const watcherBefore = await countMarks(watcher, 'home-mark');
    assert.equal(watcherBefore, 0);

    await openClock(page);
    const address = (await page.locator(tid('clock-address')).textContent()).trim();
    assert.ok(address.length > 0, 'the approximate place is shown');
    // At the office, Ana's saved address at the same spot names the place.
    assert.match(address, /Av\. Paulista/);
    assert.equal(await page.locator(tid('clock-source')).textContent(), 'Origem: catálogo de endereços');
    await page.locator(tid('clock-drawer')).getByText('não há registros para exibição !').waitFor();
    const before = await countMarks(page);
    assert.equal(before, 0);

    // Marker that a reload would wipe.
    await page.evaluate(() => {
      window.__e2eNoReload = true;
    });
    await watcher.evaluate(() => {
      window.__e2eNoReload = true;
    });

    const answer = page.waitForResponse(
      (r) => r.url().includes('/v2/registrar-ponto') && r.request().method() === 'POST',
    );
    await page.locator(tid('clock-register')).click();
    const res = await answer;
    const t0 = Date.now();
    assert.equal(res.status(), 200);

    const [ownMs, watcherMs] = await Promise.all([
      grows(page, 'clock-mark', before, t0, 1_000),
      grows(watcher, 'home-mark', watcherBefore, t0, 1_500),
    ]);
    const body = await res.json();
    assert.equal(body.success, true);
    t.diagnostic(`new mark shown after ${ownMs} ms (same tab), ${watcherMs} ms (other tab, by push)`);
    assert.ok(ownMs <= 1_000, `same tab: ${ownMs} ms`);
    assert.ok(watcherMs <= 1_500, `other tab: ${watcherMs} ms`);

    assert.equal(await countMarks(page), before + 1);
    assert.equal(await countMarks(watcher, 'home-mark'), 1);
    assert.match(await page.locator(tid('clock-mark')).first().textContent(), /Av\. Paulista/);
    assert.match(await watcher.locator(tid('home-mark')).first().textContent(), /Av\. Paulista/);
    assert.equal(await page.evaluate(() => window.__e2eNoReload), true, 'the clock tab did not reload');
    assert.equal(await watcher.evaluate(() => window.__e2eNoReload), true, 'the other tab did not reload');

    // The panel confirms and disables the button until it is closed.
    await page.locator('.mantine-Notification-root').getByText('Marcação salva com sucesso').waitFor(); // the toast (the announcer repeats it)
    assert.equal(await page.locator(tid('clock-register')).isDisabled(), true);
    // The home card behind the drawer (push only) follows as well.
    await page.locator(tid('home-mark')).first().waitFor();

    await screenshot(page, 'home-clock-pt');
    await expectAccessible(page, 'clock: home-clock-pt');
  } finally {
    await context.close();
  }
});
