// Spec scenario 3: tenants are isolated. Carla (ACMECORP) sees none of Ana's (DEMOCORP)
// marks, and the API refuses her token with Ana's tenId/userHash.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiLogin,
  countMarks,
  login,
  newUserContext,
  openClock,
  PLACES,
  startSuite,
  storedSession,
  tid,
  USERS,
} from './helpers.mjs';

const ANA_ADDRESS = 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** YYYY-MM-DDTHH:mm:ss of now in São Paulo (what the web app sends). */
function localNow() {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date());
  return parts.replace(' ', 'T');
}

/** Ana punches at her office through the API, as the web app would. */
async function anaPunches(baseURL) {
  const { user, access_token } = await apiLogin(baseURL, USERS.ana);
  const place = {
    endereco: ANA_ADDRESS,
    latitude: String(PLACES.democorpOffice.latitude),
    longitude: String(PLACES.democorpOffice.longitude),
  };
  const q = `tenId=${user.tenId}&userHash=${user.hash}`;
  const res = await fetch(`${baseURL}/api/rh-app/colaborador/v2/registrar-ponto?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({
      n09_001_t: localNow(),
      bygoogle: false,
      localSelecionado: place,
      localCapturado: place,
      cercaVirtual: user.cercaVirtual,
      cercaProxima: { ...user.cercaVirtual[0], dist: 0 },
    }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  // The read model follows the append (the app refreshes on the push): wait for it.
  let history = [];
  for (let i = 0; i < 100 && history.length === 0; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 50));
    history = await fetch(`${baseURL}/api/rh-app/colaborador/v2/historico-ponto?${q}`, {
      headers: { authorization: `Bearer ${access_token}` },
    }).then((r) => r.json());
  }
  assert.equal(history.length, 1);
  assert.equal(history[0].endereco, ANA_ADDRESS);
  return { user, token: access_token };
}

test('carla (ACMECORP) sees none of ana’s marks and cannot read them through the API', { timeout: 60_000 }, async () => {
  const ana = await anaPunches(suite.baseURL);

  const context = await newUserContext(suite, { geolocation: PLACES.acmeOffice });
  try {
    const page = await context.newPage();
    await login(page, USERS.carla);
    const session = await storedSession(page);
    assert.equal(session.user.accessCode, 'ACMECORP');
    assert.equal(await page.locator(tid('home-greeting')).textContent(), `Olá, ${session.user.displayName}!`);

    // Home card: nothing.
    await page.locator(tid('home-last-marks')).getByText('não há registros para exibição !').waitFor();
    assert.equal(await countMarks(page, 'home-mark'), 0);

    // Quick clock: her own place, an empty marks list, nothing of Ana's.
    await openClock(page);
    const drawer = page.locator(tid('clock-drawer'));
    await drawer.getByText('não há registros para exibição !').waitFor();
    assert.equal(await countMarks(page), 0);
    assert.doesNotMatch(await page.locator(tid('clock-address')).textContent(), /Paulista/);
    assert.doesNotMatch(await page.locator('body').innerText(), /Paulista|Oscar Freire/);

    // Direct API calls from Carla's page with her own token.
    const results = await page.evaluate(
      async ({ anaTenId, anaHash }) => {
        const session = JSON.parse(localStorage.getItem('portal-session')).state;
        const headers = { authorization: `Bearer ${session.accessToken}` };
        const get = (path, tenId, userHash) =>
          fetch(`${path}?tenId=${tenId}&userHash=${userHash}`, { headers }).then((r) => r.status);
        const own = { tenId: session.user.tenId, hash: session.user.hash };
        const history = '/api/rh-app/colaborador/v2/historico-ponto';
        return {
          own: await get(history, own.tenId, own.hash),
          anas: await get(history, anaTenId, anaHash),
          anaHashOwnTenant: await get(history, own.tenId, anaHash),
          anaAddresses: await get('/api/rh-app/colaborador/historico-endereco-ponto', anaTenId, anaHash),
          anaPlace: await fetch(
            `/api/rh-app/colaborador/local-aproximado?tenId=${anaTenId}&userHash=${anaHash}&latitude=-23.5614&longitude=-46.6559`,
            { headers },
          ).then((r) => r.status),
          anaRegister: await fetch(`/api/rh-app/colaborador/v2/registrar-ponto?tenId=${anaTenId}&userHash=${anaHash}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              n09_001_t: '2024-08-01T08:00:00',
              bygoogle: false,
              localSelecionado: { endereco: 'x', latitude: '-23.5614', longitude: '-46.6559' },
              localCapturado: { endereco: 'x', latitude: '-23.5614', longitude: '-46.6559' },
              cercaVirtual: [],
              cercaProxima: null,
            }),
          }).then((r) => r.status),
        };
      },
      { anaTenId: ana.user.tenId, anaHash: ana.user.hash },
    );
    assert.deepEqual(results, {
      own: 200,
      anas: 403,
      anaHashOwnTenant: 403,
      anaAddresses: 403,
      anaPlace: 403,
      anaRegister: 403,
    });

    // Ana still has exactly her one mark.
    const history = await fetch(
      `${suite.baseURL}/api/rh-app/colaborador/v2/historico-ponto?tenId=${ana.user.tenId}&userHash=${ana.user.hash}`,
      { headers: { authorization: `Bearer ${ana.token}` } },
    ).then((r) => r.json());
    assert.equal(history.length, 1);
  } finally {
    await context.close();
  }
});
