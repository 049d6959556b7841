// Navigation and session through the real server and browser (spec portal-core §2, §4, §6):
// the menu as three roles, the route guard, global search, shortcuts, the colour-scheme
// panel's layout, and the idle logout with a short time-out set by the test.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, startSuite, storedSession, tid, USERS } from './helpers.mjs';

const marcos = { accessCode: 'DEMOCORP', userName: 'marcos.lima', password: DEMO_PASSWORD };
const helena = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

/** Menu ids of the entries and groups the navigation shows. */
async function menuShown(page) {
  const nav = page.locator(tid('navigation'));
  await nav.locator(tid('nav-home')).waitFor();
  const entries = await nav.locator('[data-menu-id]').evaluateAll((els) => els.map((e) => e.dataset.menuId));
  const groups = await nav
    .locator('[data-testid^="nav-group-"]')
    .evaluateAll((els) => els.map((e) => e.dataset.testid.slice('nav-group-'.length)));
  return new Set([...entries, ...groups]);
}

async function userMenuEntries(page) {
  await page.locator(tid('user-menu')).click();
  const dropdown = page.locator(tid('user-menu-dropdown'));
  await dropdown.waitFor();
  const ids = await dropdown.locator('[data-testid]').evaluateAll((els) => els.map((e) => e.dataset.testid));
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  return ids;
}

function assertSees(who, shown, sees, lacks) {
  for (const id of sees) assert.ok(shown.has(id), `${who} should see ${id}; sees ${[...shown]}`);
  for (const id of lacks) assert.ok(!shown.has(id), `${who} should not see ${id}`);
}

test('the menu as three roles, their user menus and the route guard', { timeout: 60_000 }, async () => {
  const runs = [
    {
      who: 'ana (pwa-rh-col)',
      user: USERS.ana,
      sees: ['home', 'rh_007_001', 'dashboards', 'dashboards0', 'employee', 'rh_002_04', 'rh_003_01', 'help', 'tools_012', 'rh_001_01', 'rh_001_02', 'requests', 'surveys', 'tools_008a'],
      lacks: ['dashboards1', 'dashboards2', 'manager', 'rh_004_04', 'admin', 'rh_005_03', 'rh_004_02', 'tools_003'],
      userMenu: ['user-menu-profile', 'user-menu-changePassword', 'logout'],
      role: 'Colaborador',
      then: anaGuardSearchShortcuts,
    },
    {
      who: 'marcos (pwa-rh-ges)',
      user: marcos,
      sees: ['home', 'rh_007_001', 'dashboards0', 'dashboards1', 'manager', 'rh_004_01', 'rh_004_04', 'rh_004_05', 'rh_004_02', 'rh_004_03', 'surveys', 'tools_007'],
      lacks: ['dashboards2', 'admin', 'rh_005_03', 'rh_005_04'],
      userMenu: ['user-menu-profile', 'user-menu-changePassword', 'logout'],
      role: 'Gestor',
    },
    {
      who: 'helena (pwa-rh-adm, Admin flag)',
      user: helena,
      sees: ['home', 'rh_007_001', 'dashboards2', 'dashboards1', 'manager', 'admin', 'rh_005_01', 'rh_005_02', 'rh_005_03', 'rh_005_04', 'rh_005_05', 'requests', 'tools_003', 'surveys', 'tools_007', 'rh_004_06'],
      lacks: ['pivottable', 'suppliers'],
      userMenu: ['user-menu-profile', 'user-menu-changePassword', 'user-menu-colorSchemes', 'user-menu-hrSettings', 'logout'],
      role: 'Administrador de RH',
      then: helenaSavesLayout,
    },
  ];
  await Promise.all(
    runs.map(async (r) => {
      const context = await newUserContext(suite);
      try {
        const page = await context.newPage();
        await login(page, r.user);
        // The menu is built from GET userinfo (casbin's audiences).
        await page.waitForFunction(() => Array.isArray(JSON.parse(localStorage.getItem('portal-session')).state.user.audiences));
        assertSees(r.who, await menuShown(page), r.sees, r.lacks);
        assert.equal(await page.locator(tid('user-menu-role')).textContent(), r.role);
        assert.deepEqual(await userMenuEntries(page), r.userMenu, `${r.who} user menu`);
        assert.equal(await page.locator(tid('clock-open')).count(), 1, `${r.who} has the quick clock`);
        if (r.then) await r.then(page);
      } finally {
        await context.close();
      }
    }),
  );

});

/** Ana: the route guard, global search and shortcuts. */
async function anaGuardSearchShortcuts(page) {
  // The route guard: the admin dashboard's address lands on '/' (the home page); her own
  // dashboard opens with its maturity badge.
  await page.goto('/apps/dashboards2');
  await page.waitForURL('**/apps/homePage');
  await page.goto('/apps/dashboards0');
  await page.locator(tid('dashboard-0')).waitFor();
  await page.locator(tid('maturity-page-dashboards0')).click();
  await page.getByText('Esta funcionalidade está em testes e pode passar por pequenos ajustes.').waitFor();

  await page.locator(tid('search-open')).click();
  const input = page.locator(tid('search-input'));
  await input.fill('zzz');
  await page.locator(tid('search-empty')).getByText('nenhum resultado..').waitFor();
  await page.keyboard.press('Escape');
  await input.waitFor({ state: 'detached' });

  // Accent- and case-insensitive, trimmed; choosing navigates.
  await page.locator(tid('search-open')).click();
  await input.fill('  ADMITIDOS NO MES ');
  await page.locator(tid('search-result-rh_003_03')).click();
  await page.waitForURL('**/apps/rh/admitidos-mes');
  await page.locator(tid('people-page-hires')).waitFor();
  // An entry the rule hides is not found.
  await page.locator(tid('search-open')).click();
  await input.fill('painel do gestor');
  await page.locator(tid('search-empty')).waitFor();
  await page.keyboard.press('Escape');

  // A star in the shortcuts panel saves the shortcut on the server.
  await page.locator(tid('shortcuts-open')).click();
  await page.locator(tid('shortcuts-filter')).fill('ESCALA');
  assert.equal(await page.locator(tid('shortcut-entry-rh_003_01')).count(), 0, 'the filter hides other entries');
  const saved = page.waitForResponse((r) => r.url().includes('/api/auth/updateUserShortcuts'));
  await page.locator(tid('shortcut-toggle-rh_002_04')).click();
  assert.equal((await saved).status(), 200);
  await page.locator(`${tid('shortcut-toggle-rh_002_04')}[aria-pressed="true"]`).waitFor();
  const session = await storedSession(page);
  const res = await fetch(`${suite.baseURL}/api/cac-app/userinfo?tenId=${session.user.tenId}&userHash=${session.user.hash}`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  assert.equal((await res.json()).shortcuts, 'rh_002_04');
  await page.keyboard.press('Escape');
  await page.locator(tid('shortcut-rh_002_04')).click();
  await page.waitForURL('**/apps/rh/escala');
  await page.locator(tid('schedule-page')).waitFor();
}

/** Helena (Admin flag): the colour-scheme panel saves the layout, which a reload keeps. */
async function helenaSavesLayout(page) {
  await page.locator(tid('layout1')).waitFor();
  await page.locator(tid('user-menu')).click();
  await page.locator(tid('user-menu-colorSchemes')).click();
  await page.locator(tid('settings-layout2')).check();
  await page.locator(tid('settings-save')).click();
  await page.locator(tid('layout2')).waitFor();
  await page.reload();
  await page.locator(tid('layout2')).waitFor();
  await page.locator(tid('nav-group-admin')).waitFor();
}

test('updateSettings is refused without the Admin flag', async () => {
  const ana = await apiLogin(suite.baseURL, USERS.ana);
  const res = await fetch(`${suite.baseURL}/api/auth/updateSettings?tenId=${ana.user.tenId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.access_token}` },
    body: JSON.stringify({ settings: { layout: 'layout3' } }),
  });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).message, 'acesso_negado');
});

test('idle dialog: continue keeps the session; at zero the user is logged out', { timeout: 60_000 }, async () => {
  const context = await newUserContext(suite);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    // The test's short time-out: 1.5 s of inactivity; the countdown is read when the dialog opens.
    await page.evaluate(() => {
      localStorage.setItem('portal-idle-timeout-ms', '1500');
      localStorage.setItem('portal-idle-countdown-s', '15');
    });
    await login(page, USERS.ana);
    const dialog = page.locator(tid('idle-dialog'));
    await dialog.getByText('Você ainda está aí?').waitFor();
    const shown = Number(await page.locator(tid('idle-countdown')).textContent());
    assert.ok(shown >= 13 && shown <= 15, `countdown shows ${shown}`);

    // Continue: the dialog closes and the session stays.
    await page.evaluate(() => localStorage.setItem('portal-idle-countdown-s', '2'));
    await page.locator(tid('idle-continue')).click();
    await page.locator(tid('idle-countdown')).waitFor({ state: 'detached' });
    assert.ok((await storedSession(page))?.accessToken, 'still signed in');
    assert.match(page.url(), /\/apps\/homePage$/);

    // Idle again: at zero the user is logged out and told so.
    await dialog.getByText('Você ainda está aí?').waitFor();
    await page.waitForURL('**/login/DEMOCORP', { timeout: 10_000 });
    await page.getByText('Sua sessão foi encerrada por inatividade. Você será levado à página de login.').waitFor();
    const session = await storedSession(page);
    assert.equal(session?.accessToken ?? null, null, 'the session is cleared');
  } finally {
    await context.close();
  }
});
