// Spec scenario 4: refusals show the translated messages (pt).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { countMarks, login, newUserContext, openClock, PLACES, screenshot, startSuite, tid, USERS } from './helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Clicks register and returns the server's answer to registrar-ponto. */
async function register(page) {
  const answer = page.waitForResponse((r) => r.url().includes('/v2/registrar-ponto') && r.request().method() === 'POST');
  await page.locator(tid('clock-register')).click();
  return answer;
}

test('pedro (layoff today) cannot press register', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.pedro);
    await openClock(page);
    assert.ok((await page.locator(tid('clock-address')).textContent()).trim().length > 0);
    assert.equal(
      await page.locator(tid('clock-layoff')).textContent(),
      'Você está em período de afastamento; não é possível registrar ponto.',
    );
    assert.equal(await page.locator(tid('clock-register')).isDisabled(), true);
  } finally {
    await context.close();
  }
});

test('ana far from her fences is told she is outside the area', { timeout: 30_000 }, async () => {
  // Rio de Janeiro: ~360 km from both of Ana's fences in São Paulo.
  const context = await newUserContext(suite, { geolocation: PLACES.acmeOffice });
  try {
    const page = await context.newPage();
    await login(page, USERS.ana);
    await openClock(page);
    // Nothing of Ana's is near: the approximate place is the raw coordinates.
    assert.match(await page.locator(tid('clock-address')).textContent(), /^-22\.9068\d*, -43\.1729\d*$/);
    assert.equal(await page.locator(tid('clock-source')).textContent(), 'Origem: coordenadas');
    assert.match(await page.locator(tid('clock-fence')).textContent(), /km/);
    await page.locator(tid('clock-drawer')).getByText('não há registros para exibição !').waitFor();

    // The UI lets her try; the server refuses.
    const res = await register(page);
    assert.equal(res.status(), 422);
    assert.equal((await res.json()).message, 'fora_da_area');
    await page.getByText('Você está fora da área', { exact: true }).waitFor();
    assert.equal(await page.getByText('Marcação salva com sucesso').count(), 0);
    assert.equal(await countMarks(page), 0);
    // Refused, not registered: the button stays enabled for another try.
    assert.equal(await page.locator(tid('clock-register')).isEnabled(), true);
    await screenshot(page, 'clock-outside-area-pt');
  } finally {
    await context.close();
  }
});

test('joao (inactive) is told he cannot punch', { timeout: 30_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await login(page, USERS.joao);
    await openClock(page);
    // The UI does not know about the status: the server refuses.
    const res = await register(page);
    assert.equal(res.status(), 422);
    assert.equal((await res.json()).message, 'colaborador_inativo');
    await page.getByText('Você não está ativo, portanto não é permitido registrar ponto', { exact: true }).waitFor();
    assert.equal(await countMarks(page), 0);
  } finally {
    await context.close();
  }
});
