// Tenant administration panels (spec portal-business §2). helena.rh (Admin flag) opens HR
// settings in the user menu and, through the real server:
// - changes the home page greeting; Ana's open home page shows it live (push);
// - configures the tenant's mail server: saving unvalidated values is refused ("invalid SMTP
//   configuration"), "validate" sends a real validation e-mail through the given server (a
//   smtp-server started here, with AUTH), then saving is accepted;
// - switches solicita_abono_ferias off: Ana's abono is refused by the server at once;
// - previews an e-mail template whose body carries a <script>: the preview runs nothing, and
//   sending it goes through the tenant's own server.
// Ana, without the Admin flag, has no HR settings entry and is refused the calls.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS, waitLive } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const SMTP_USER = 'rh@democorp.test';
const SMTP_PASSWORD = 'senha-do-smtp-1';

const mails = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authMethods: ['PLAIN', 'LOGIN'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
    return callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ user: session.user, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

async function mailTo(address, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = mails.find((x) => x.to.includes(address));
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let suite;
let smtpPort;
before(async () => {
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', resolve);
  });
  smtpPort = smtp.server.address().port;
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
  smtp.close();
});

const PANEL_TEST_IDS = { clockApp: 'clock-app', newLogin: 'new-login' };

async function openPanel(page, id) {
  await page.locator(tid(`admin-open-${id}`)).click();
  await page.locator(tid(`panel-${PANEL_TEST_IDS[id] ?? id}`)).waitFor();
}

/** Closes the open dialog by its close button (Escape would close the drawer too). */
async function closeDialog(page) {
  await page.locator('.mantine-Modal-close').last().click();
  await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
}

async function saveConfirmed(page, testId) {
  // The toasts of an earlier save sit where the drawer's buttons are: let them go first.
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.locator(`${tid(`${testId}-save`)}:enabled`).click();
  await page.locator(tid(`${testId}-confirm-yes`)).click({ timeout: 20_000 });
  // Saved: nothing is left to save, and the toast says so.
  await page.locator(`${tid(`${testId}-save`)}:disabled`).waitFor();
  await page.getByText('Salvo com sucesso').last().waitFor();
}

/** What Ana's banner shows: its texts and its background image. */
async function bannerOf(page) {
  const text = (id) => page.locator(tid(id)).innerText();
  return {
    greeting: await text('home-banner-greeting'),
    title: await text('home-banner-title'),
    message: await text('home-banner-message'),
    image: await page.locator(tid('home-banner')).evaluate((el) => el.style.backgroundImage),
  };
}

test('helena configures the tenant and each change takes effect at once', { timeout: 180_000 }, async () => {
  const anaCtx = await newUserContext(suite);
  const ctx = await newUserContext(suite);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseURL });
  let page;
  try {
    // Ana's home page is open, connected to the live push.
    const ana = await anaCtx.newPage();
    const live = waitLive(ana);
    await login(ana, USERS.ana);
    await live;
    await ana.locator(tid('home-banner')).waitFor();
    await ana.locator(tid('home-banner-title')).waitFor();
    const bannerBefore = await bannerOf(ana);

    page = await ctx.newPage();
    await login(page, HELENA);
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-hrSettings')).click();
    await page.locator(tid('admin-panels')).waitFor();
    const drawer = await page.locator('.mantine-Drawer-content').boundingBox();
    assert.equal(Math.round(drawer.width), 400, 'the drawer is 400 px wide');

    // Home page: the preview needs a field; the saved greeting reaches Ana's banner live.
    await openPanel(page, 'home');
    await page.locator(tid('field-home_page_greeting')).fill('Bom dia, {name}! Semana de integração');
    await page.locator(tid('home-preview')).click();
    await page.locator(tid('home-preview-dialog')).getByText(/Semana de integração/).waitFor();
    await closeDialog(page);
    await saveConfirmed(page, 'home');
    await ana.locator(tid('home-banner')).getByText('Semana de integração').waitFor({ timeout: 10_000 });
    // A greeting-only save keeps the banner's title, message and background image (issue 29).
    const bannerAfter = await bannerOf(ana);
    assert.deepEqual({ ...bannerAfter, greeting: undefined }, { ...bannerBefore, greeting: undefined }, 'the greeting alone changed');
    await screenshot(page, 'admin-home');

    // Mail server: refused until validated; the validation e-mail goes through it.
    await openPanel(page, 'mail');
    await page.locator(tid('field-urlSmtpServer')).fill('127.0.0.1');
    await page.locator(tid('field-eMailPort')).fill(String(smtpPort));
    await page.locator(tid('field-protocoloSmtpServer')).click();
    await page.getByRole('option', { name: 'Nenhuma' }).click();
    await page.locator(tid('field-eMailLogonUser')).fill(SMTP_USER);
    await page.locator(tid('field-eMailLogonPsw')).fill(SMTP_PASSWORD);
    await page.locator(tid('mail-save')).click();
    await page.getByText('Configuração SMTP inválida').first().waitFor();
    await page.locator(tid('mail-address')).fill('helena.validacao@democorp.test');
    await page.locator(tid('mail-validate')).click();
    await page.getByText('Validado com sucesso').first().waitFor();
    const validation = await mailTo('helena.validacao@democorp.test');
    assert.equal(validation.user, SMTP_USER, 'the validation e-mail authenticated with the typed user');
    await saveConfirmed(page, 'mail');
    assert.equal(await page.locator(tid('field-eMailLogonPsw')).inputValue(), '', 'the password never comes back');
    await screenshot(page, 'admin-mail');
    await expectAccessible(page, 'admin: admin-mail');

    // Feature toggles: abono off → Ana's abono is refused by the server.
    await openPanel(page, 'toggles');
    const abono = page.locator(tid('field-solicita_abono_ferias'));
    assert.equal(await abono.isChecked(), true);
    await abono.dispatchEvent('click');
    await saveConfirmed(page, 'toggles');
    assert.equal(await abono.isChecked(), false);
    const anaAPI = await apiLogin(suite.baseURL, USERS.ana);
    const check = await fetch(`${suite.baseURL}/api/rh-app/ferias/verificar?tenId=${anaAPI.user.tenId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${anaAPI.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ inicio: nextMonday(), dias: 10, abono: 5 }),
    });
    assert.equal(check.status, 422);
    assert.equal((await check.json()).errors[0].message, 'abono_nao_permitido');
    await screenshot(page, 'admin-toggles');

    // Templates: variables copy {var}; the preview neutralises a script; sending it goes
    // through the tenant's server.
    await openPanel(page, 'templates');
    await page.locator(tid('template-1550')).locator('button').first().click();
    await page.locator(tid('field-verification_code_subject')).fill('Seu código');
    await page.locator(tid('field-verification_code_body')).fill('<p>Olá {name}, código <b>{code}</b></p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">');
    await page.locator(tid('vars-1550')).click();
    await page.locator(tid('var-1550-code')).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '{code}');
    await page.locator(tid('preview-1550')).click();
    const body = page.locator(tid('template-preview-body'));
    await body.getByText('código').waitFor();
    const html = await body.innerHTML();
    assert.doesNotMatch(html, /script|onerror/i);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing of the body ran');
    await screenshot(page, 'admin-template-preview');
    // The body is the tenant's own HTML (here an <img> without alt, on purpose): our screen around it is checked.
    await expectAccessible(page, 'admin: admin-template-preview', { exclude: tid('template-preview-body') });
    await page.locator(tid('template-preview-to')).fill('previa@democorp.test');
    await page.locator(tid('template-preview-send')).click();
    await page.getByText('Enviado com sucesso').first().waitFor();
    const previewMail = await mailTo('previa@democorp.test');
    assert.equal(previewMail.user, SMTP_USER, 'the preview went through the tenant server');
    assert.doesNotMatch(previewMail.raw, /<script|onerror|__pwned/i, 'the preview mail carries no script (sanitized on the server)');
    await closeDialog(page);
    await saveConfirmed(page, 'templates');

    // A new login for Pedro: a temporary password through the tenant's server.
    await openPanel(page, 'newLogin');
    await page.locator(tid('new-login-user')).fill('ninguem.aqui');
    await page.locator(tid('new-login-send')).click();
    await page.locator(tid('panel-new-login')).getByText('Usuário não encontrado').waitFor();
    await page.locator(tid('new-login-user')).fill(USERS.pedro.userName);
    await page.locator(tid('new-login-send')).click();
    await page.getByText('Enviado com sucesso').first().waitFor();
    const newLogin = mails.find((m) => m.raw.includes('Senha tempor') || m.raw.includes('Senha_tempor'));
    assert.ok(newLogin, 'the new-login mail arrived');
    assert.equal(newLogin.user, SMTP_USER, 'through the tenant server');
  } catch (err) {
    if (page) await screenshot(page, 'admin-failure'); // what the page showed when it failed
    throw err;
  } finally {
    await ctx.close();
    await anaCtx.close();
  }
});

// HR settings › Recursos: every toggle shows its translated name and a line saying what it
// does, in sections by module, never a raw identifier (widgetendtrialper, rh_002_08_adm,
// tools_014c).
test('the feature toggles are named and described, in sections', { timeout: 90_000 }, async () => {
  const ctx = await newUserContext(suite);
  const page = await ctx.newPage();
  try {
    await login(page, HELENA);
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-hrSettings')).click();
    await page.locator(tid('admin-panels')).waitFor();
    await openPanel(page, 'toggles');
    const panel = page.locator(tid('panel-toggles'));
    await panel.locator(tid('field-solicita_ferias')).waitFor();
    await screenshot(page, 'admin-toggles-top');
    const switches = panel.locator('.mantine-Switch-root');
    const n = await switches.count();
    assert.ok(n >= 90, `the panel shows the toggles (${n})`);
    const labels = await panel.locator('.mantine-Switch-label').allInnerTexts();
    const descriptions = await panel.locator('.mantine-Switch-description').allInnerTexts();
    assert.equal(labels.length, n, 'every toggle has a label');
    assert.equal(descriptions.length, n, 'every toggle has a description');
    const raw = /^(?:[a-z0-9]+_[a-z0-9_]+|widget[a-z0-9]+)$|rh_\d|tools_\d|widget[a-z]/;
    const rawLabels = labels.filter((l) => raw.test(l.trim()));
    assert.deepEqual(rawLabels, [], 'no toggle is labelled with its identifier');
    assert.deepEqual(descriptions.filter((d) => raw.test(d.trim()) || !d.trim()), [], 'no description is an identifier or empty');
    const text = await panel.innerText();
    for (const id of ['widgetendtrialper', 'rh_002_08_adm', 'tools_014c', 'rh_001_12']) {
      assert.ok(!text.includes(id), `${id} is not shown`);
    }
    // The sections of the spec's groups: requests, widgets, HR tags by module, tools by tool.
    for (const g of ['group-requests', 'group-rh', 'group-tools', 'section-rh_002', 'section-tools_014']) {
      await panel.locator(tid(g)).waitFor();
    }
    await panel.locator(tid('section-rh_002')).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-toggles-labels');
    await expectAccessible(page, 'admin: admin-toggles-labels');
    await panel.locator(tid('section-tools_013')).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-toggles-tools');
  } finally {
    await ctx.close();
  }
});

test('colour schemes: gallery per area, personal palette, company default, restore', { timeout: 90_000 }, async () => {
  const ctx = await newUserContext(suite);
  const anaCtx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-colorSchemes')).click();
    await page.locator(tid('color-schemes')).waitFor();
    await page.locator(tid('theme-navbar-navy')).click();
    await page.locator(tid('theme-footer-forest')).click();
    await page.locator(tid('settings-palette')).fill('#862e9c');
    await page.locator(tid('color-schemes')).getByText('Paleta pessoal').click(); // closes the picker
    await page.locator(tid('settings-company-default')).check();
    await screenshot(page, 'admin-color-schemes');
    await expectAccessible(page, 'admin: admin-color-schemes');
    await page.locator(tid('settings-save')).click();
    await page.locator(tid('color-schemes')).waitFor({ state: 'detached' });
    const bg = (id) => page.locator(tid(id)).evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(await bg('area-navbar'), 'rgb(16, 42, 67)', 'the navbar wears navy');
    assert.equal(await bg('area-footer'), 'rgb(43, 138, 62)', 'the footer wears forest');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim());
    assert.equal(primary.toLowerCase(), '#862e9c', 'the personal palette is the primary colour');
    await screenshot(page, 'admin-color-schemes-applied');

    // Ana has chosen nothing: the company's default theme is hers.
    const ana = await anaCtx.newPage();
    await login(ana, USERS.ana);
    await ana.locator(tid('area-navbar')).waitFor();
    assert.equal(await ana.locator(tid('area-navbar')).evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(16, 42, 67)');

    // Restore default clears Helena's choices in every area (the company default stays).
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-colorSchemes')).click();
    await page.locator(tid('settings-restore')).click();
    await page.getByText('restaurado com sucesso').first().waitFor();
    await page.locator(tid('color-schemes')).waitFor({ state: 'detached' });
    await page.reload();
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-colorSchemes')).click();
    await page.locator(tid('color-schemes')).waitFor();
    assert.equal(await page.locator(`${tid('color-schemes')} [aria-pressed="true"]`).count(), 0, 'no area keeps a theme of hers');
    assert.equal(await page.locator(tid('settings-palette')).inputValue(), '');
  } finally {
    await ctx.close();
    await anaCtx.close();
  }
});

test('ana has no HR settings and the calls refuse her', { timeout: 60_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-dropdown')).waitFor();
    assert.equal(await page.locator(tid('user-menu-hrSettings')).count(), 0);
    const { user, access_token } = await apiLogin(suite.baseURL, USERS.ana);
    const res = await fetch(`${suite.baseURL}/api/authManagement/getConfig?tenId=${user.tenId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'home_page' }),
    });
    assert.equal(res.status, 403);
  } finally {
    await ctx.close();
  }
});

/** A Monday at least two weeks ahead (YYYY-MM-DD): a valid vacation start but for the switch. */
function nextMonday() {
  const d = new Date(Date.now() + 14 * 86_400_000);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}
