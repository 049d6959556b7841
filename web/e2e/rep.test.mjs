// Issue 31, legal punch records (REP-P). Ana punches and finds the receipt of that punch at once
// under her marks (NSR and hash) and downloads it as a PDF. Helena (HR) opens the REP-P screen
// from the audit area: a bad CNO is explained and the employer's new place of work saved (a
// record 2 of the AFD), and so is Marcos's new CPF after a wrong one (a record 5); exporting before a certificate is uploaded, uploading a broken file and
// a wrong password, and asking for a period in the future each show their translated message;
// after she uploads a good certificate (made here with openssl), the AFD downloads as a zip of
// the file and its .p7s, which openssl verifies. At the kiosk, Marcos punches and gets the
// receipt of his punch (NSR and PDF) before the terminal signs him out.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, enterAccessCode, enterCredentials, login, newUserContext, openClock, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const TOTEM = { accessCode: 'DEMOCORP', userName: 'totem.portaria', password: DEMO_PASSWORD };

let suite;
let dir;
before(async () => {
  suite = await startSuite();
  dir = mkdtempSync(path.join(tmpdir(), 'rep-e2e-'));
  const run = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-subj', '/CN=DEMOCORP TESTE:11222333000181', '-days', '30');
  run('pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'cert.pfx', '-passout', 'pass:senha-certa');
  writeFileSync(path.join(dir, 'broken.pfx'), 'not a certificate');
});
after(async () => {
  await suite?.stop();
});

test('ana punches and downloads the receipt of her punch', { timeout: 180_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await openClock(page);
    await page.locator(tid('clock-register')).click();
    const receipt = page.locator(tid('rep-receipt')).first();
    await receipt.waitFor({ timeout: 60_000 });
    assert.match(await receipt.locator(tid('rep-receipt-nsr')).textContent(), /^NSR \d{9}$/);
    assert.match(await receipt.textContent(), /Hash [0-9A-F]{16}…/);
    await screenshot(page, 'rep-receipt');
    await expectAccessible(page, 'rep: rep-receipt');
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.locator(tid('rep-receipt-download')).click()]);
    assert.match(download.suggestedFilename(), /^comprovante-\d{9}\.pdf$/);
    const pdf = readFileSync(await download.path());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  } finally {
    await ctx.close();
  }
});

test('helena exports the signed AFD after uploading the certificate; bad input is explained', { timeout: 300_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await login(page, HELENA);
    await page.goto('/apps/auditoria');
    // Lazy chunks: allow for a loaded machine.
    await page.locator(tid('audit-rep-link')).click({ timeout: 90_000 });
    await page.locator(tid('rep-page')).waitFor({ timeout: 90_000 });
    await page.locator(tid('rep-establishment-name')).waitFor();
    await page.locator(tid('rep-certificate-none')).waitFor();

    // The employer's identification: a bad CNO is explained, then the new place of work is
    // saved (an AFD record 2, checked in the file below).
    await page.locator(tid('rep-employer-cno')).fill('12ab');
    await page.locator(tid('rep-employer-save')).click();
    await page.locator(tid('rep-employer-error'), { hasText: 'O CNO tem 12 dígitos e o CAEPF 14' }).waitFor();
    await page.locator(tid('rep-employer-cno')).fill('');
    await page.locator(tid('rep-employer-place')).fill('Matriz São Paulo');
    await page.locator(tid('rep-employer-save')).click();
    await page.getByText('Identificação do empregador salva.').waitFor();
    assert.equal(await page.locator(tid('rep-employer-error')).count(), 0);

    // Marcos's CPF in the REP: a wrong check digit is explained, then the new CPF is saved (an
    // alteration, record 5 of the AFD below).
    await page.locator(tid('rep-employee-select')).fill('Marcos');
    await page.getByRole('option', { name: /Marcos/ }).first().click();
    await page.locator(tid('rep-employee-cpf')).fill('111.444.777-36');
    await page.locator(tid('rep-employee-save')).click();
    await page.locator(tid('rep-employee-error'), { hasText: 'CPF inválido' }).waitFor();
    await screenshot(page, 'rep-employee');
    await page.locator(tid('rep-employee-cpf')).fill('111.444.777-35');
    await page.locator(tid('rep-employee-save')).click();
    await page.getByText('CPF do empregado alterado no REP.').waitFor();

    // No certificate yet.
    await page.locator(tid('rep-export')).click();
    await page.locator(tid('rep-export-error'), { hasText: 'Envie o certificado digital' }).waitFor();

    // A broken file, then a wrong password.
    const [c1] = await Promise.all([page.waitForEvent('filechooser'), page.locator(tid('rep-certificate-file')).click()]);
    await c1.setFiles(path.join(dir, 'broken.pfx'));
    await page.locator(tid('rep-certificate-password')).fill('senha-certa');
    await page.locator(tid('rep-certificate-upload')).click();
    await page.locator(tid('rep-upload-error'), { hasText: 'não é um certificado PKCS#12 válido' }).waitFor();
    const [c2] = await Promise.all([page.waitForEvent('filechooser'), page.locator(tid('rep-certificate-file')).click()]);
    await c2.setFiles(path.join(dir, 'cert.pfx'));
    await page.locator(tid('rep-certificate-password')).fill('senha-errada');
    await page.locator(tid('rep-certificate-upload')).click();
    await page.locator(tid('rep-upload-error'), { hasText: 'Senha do certificado incorreta' }).waitFor();
    await page.locator(tid('rep-certificate-password')).fill('senha-certa');
    await page.locator(tid('rep-certificate-upload')).click();
    await page.locator(tid('rep-certificate'), { hasText: 'DEMOCORP TESTE' }).waitFor();
    assert.equal(await page.locator(tid('rep-certificate-password')).inputValue(), '', 'the password is not kept on screen');

    // A period ending in the future.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.locator(tid('rep-to')).fill(tomorrow);
    await page.locator(tid('rep-export')).click();
    await page.locator(tid('rep-export-error'), { hasText: 'não pode terminar no futuro' }).waitFor();
    await screenshot(page, 'rep-export-error');
    await expectAccessible(page, 'rep: rep-export-error');

    // Today's AFD: a zip of the file and its signature, verified by openssl. Today in São Paulo,
    // the establishment's zone: from 00:00 to 03:00 UTC the UTC date is still its tomorrow.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    await page.locator(tid('rep-to')).fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('rep-export')).click()]);
    const zip = path.join(dir, 'afd.zip');
    writeFileSync(zip, readFileSync(await download.path()));
    execFileSync('unzip', ['-o', zip, '-d', path.join(dir, 'afd')]);
    const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
    const afd = names.find((n) => n.endsWith('.txt'));
    assert.ok(afd && names.includes(`${afd}.p7s`), `zip holds ${names}`);
    assert.match(afd, /^AFD\d{17}\d{14}REP_P\.txt$/);
    execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', path.join(dir, 'afd', `${afd}.p7s`), '-content', path.join(dir, 'afd', afd),
      '-CAfile', path.join(dir, 'cert.pem'), '-purpose', 'any', '-out', '/dev/null'], { stdio: 'pipe' });
    const lines = readFileSync(path.join(dir, 'afd', afd), 'latin1').split('\r\n');
    assert.equal(lines[0].length, 302, 'header of 302 characters');
    const employer = lines.find((l) => l.length === 331 && l[9] === '2');
    assert.ok(employer, 'the change of the employer is a record 2 of 331 characters');
    assert.equal(employer.slice(227, 327).trimEnd(), 'Matriz São Paulo');
    const employeeRecord = lines.find((l) => l.length === 118 && l[9] === '5');
    assert.ok(employeeRecord, 'the new CPF is a record 5 of 118 characters');
    assert.equal(employeeRecord.slice(34, 47), 'A011144477735');
    await screenshot(page, 'rep-page');
    await expectAccessible(page, 'rep: rep-page');
  } finally {
    await ctx.close();
  }
});

test('at the kiosk marcos punches and downloads the receipt of his punch', { timeout: 60_000 }, async () => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await enterAccessCode(page, TOTEM.accessCode);
    await enterCredentials(page, TOTEM.userName, TOTEM.password);
    await page.locator(tid('kiosk-screen')).waitFor();
    await page.locator(tid('kiosk-username')).fill('marcos.lima');
    await page.locator(tid('kiosk-password')).fill(DEMO_PASSWORD);
    await page.locator(tid('kiosk-punch')).click();
    const receipt = page.locator(tid('kiosk-receipt'));
    await receipt.waitFor({ timeout: 15_000 });
    assert.match(await receipt.textContent(), /NSR \d{9}/);
    await screenshot(page, 'rep-kiosk-receipt');
    await expectAccessible(page, 'rep: rep-kiosk-receipt');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('kiosk-receipt-download')).click()]);
    assert.equal(readFileSync(await download.path()).subarray(0, 5).toString(), '%PDF-');
  } finally {
    await ctx.close();
  }
});
