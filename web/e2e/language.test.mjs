// Spec scenario 2: switching the language (pt ⇄ en) translates the app and sets the `lang`
// cookie.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { login, newUserContext, openClock, screenshot, startSuite, tid, USERS } from './helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

async function chooseLanguage(page, lng) {
  await page.locator(tid('lang-menu')).click();
  await page.locator(tid(`lang-${lng}`)).click();
}

async function langCookie(context) {
  return (await context.cookies()).find((c) => c.name === 'lang')?.value;
}

test('switching to English and back to Portuguese', { timeout: 60_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    const greeting = page.locator(tid('home-greeting'));
    assert.equal(await greeting.textContent(), 'Olá, Ana Souza!');

    await chooseLanguage(page, 'en');
    // common.json, home.*
    await page.getByText('Hello, Ana Souza!').waitFor();
    await page.getByText('Welcome to your self-service portal.').waitFor();
    await page.getByText('Last marks').waitFor();
    // common.json, nav.*
    await page.getByText('Time clock', { exact: true }).waitFor();
    assert.equal(await langCookie(context), 'en');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByText('Últimas marcações').count(), 0, 'no Portuguese label left');

    // The quick time clock in English (clock.json), after a mark.
    await openClock(page);
    const drawer = page.locator(tid('clock-drawer'));
    await drawer.getByText('Quick time clock').waitFor();
    await drawer.getByText('Address to register').waitFor();
    await drawer.getByText('Nearest fence').waitFor();
    await drawer.getByText('Other addresses').waitFor();
    assert.equal(await page.locator(tid('clock-source')).textContent(), 'Source: address book');
    assert.equal(await page.locator(tid('clock-register')).textContent(), 'Register mark');
    await page.locator(tid('clock-register')).click();
    await page.getByText('Mark saved successfully').waitFor();
    await drawer.getByText('Mark registered. Close the panel to register again.').waitFor();
    await page.locator(tid('clock-mark')).first().waitFor();
    await drawer.getByText('Recent marks').waitFor();
    await screenshot(page, 'home-clock-en');

    // The choice survives a reload (cookie).
    await page.keyboard.press('Escape');
    await drawer.locator(tid('clock-register')).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Hello, Ana Souza!').waitFor();

    await chooseLanguage(page, 'pt');
    await page.getByText('Olá, Ana Souza!').waitFor();
    await page.getByText('Bem-vindo ao seu portal de autoatendimento.').waitFor();
    await page.getByText('Últimas marcações').waitFor();
    await page.getByText('Ponto eletrônico', { exact: true }).waitFor();
    assert.equal(await langCookie(context), 'pt');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt');
    assert.equal(await page.getByText('Last marks').count(), 0, 'no English label left');
  } finally {
    await context.close();
  }
});
