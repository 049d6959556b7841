// Payroll documents (issue 32): Helena (HR) publishes a ZIP of two PDFs, one named with Ana's
// CPF and one with a CPF of nobody in the tenant, and reads the report (one published for Ana,
// one unmatched); Ana opens /apps/rh/demonstrativos, opens the document in the file viewer
// (pdf.js renders page 1 of 1), downloads it (the PDF protected by her CPF's first 4 digits)
// and signs it with her password; Helena then sees it signed in the batch.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { expectAccessible } from './axe.mjs';
import { apiLogin, DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, suiteSql, tid, USERS } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };

let suite;
let anaCpf;
before(async () => {
  suite = await startSuite();
  // The seed gives every employee a CPF (seed/rep.go); read Ana's from the suite's database.
  anaCpf = (await suiteSql(suite, `SELECT e.cpf FROM employees e JOIN tenants t ON t.id = e.tenant_id WHERE t.access_code = 'DEMOCORP' AND e.name = 'Ana Souza'`)).trim();
  assert.match(anaCpf, /^\d{11}$/, "Ana's CPF in the seed");
});
after(async () => {
  await suite?.stop();
});

/** Last month, YYYY-MM, in São Paulo (a competence that is not in the future). */
function lastMonth() {
  const now = new Date(Date.now() - 3 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A CPF with valid check digits (domain/rep.CPF) from 9 digits. */
function cpf(base) {
  const digit = (s, w0) => {
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (w0 - i);
    const r = sum % 11;
    return r >= 2 ? 11 - r : 0;
  };
  const d1 = digit(base, 10);
  return base + d1 + digit(base + d1, 11);
}

/** A one-page PDF (written by hand, with a correct cross-reference table) showing text. */
function onePagePdf(text) {
  const content = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const month = lastMonth();
// Unique to this run, so the rows are found among the seed's documents.
const stamp = Date.now().toString(36);
let anaFile;
let unknownFile;

test('helena publishes a ZIP: one file matched to Ana, one unmatched', { timeout: 120_000 }, async () => {
  anaFile = `holerite-${stamp}-${anaCpf}.pdf`;
  unknownFile = `holerite-${stamp}-${cpf('987654321')}.pdf`;
  const zip = Buffer.from(
    zipSync({
      [anaFile]: new Uint8Array(onePagePdf(`Demonstrativo de pagamento ${month} - Ana Souza`)),
      [unknownFile]: new Uint8Array(onePagePdf(`Demonstrativo de pagamento ${month} - desconhecido`)),
    }),
  );
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    await page.goto('/apps/admin-rh/demonstrativos');
    await page.locator(tid('payroll-admin-page')).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: `lote-${stamp}.zip`, mimeType: 'application/zip', buffer: zip });
    await page.locator(tid('payroll-month')).fill(month);
    await page.locator(tid('payroll-publish-kind')).click();
    await page.getByRole('option', { name: 'Outro demonstrativo' }).click();
    await page.locator(tid('payroll-publish')).click();

    const report = page.locator(tid('payroll-report'));
    await report.waitFor({ timeout: 30_000 });
    const published = report.locator(tid('payroll-report-published-row'));
    assert.equal(await published.count(), 1);
    assert.match(await published.textContent(), /Ana Souza/);
    assert.match(await published.textContent(), new RegExp(anaFile));
    const unmatched = report.locator(tid('payroll-report-unmatched-row'));
    assert.equal(await unmatched.count(), 1);
    assert.match(await unmatched.textContent(), new RegExp(unknownFile));
    // The reason is translated, never the raw key.
    assert.doesNotMatch(await unmatched.textContent(), /no_match|no_cpf/);
    await page.locator(tid('payroll-batch')).first().waitFor();
    await screenshot(page, 'payroll-publish-report');
    await expectAccessible(page, 'payroll-publish-report');

    // The publish window (portal-core §9) is one of HR's settings: publish day 0 (at once) and
    // the days ahead, saved through the settings drawer.
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('user-menu-hrSettings')).click();
    await page.locator(tid('admin-open-payrollPublish')).click();
    const ahead = page.locator(tid('field-payslip_days_ahead'));
    await ahead.waitFor();
    await page.locator(tid('field-payslip_publish_day')).waitFor();
    await ahead.fill('2');
    await page.locator(`${tid('payroll-publish-save')}:enabled`).click();
    await page.locator(tid('payroll-publish-confirm-yes')).click();
    await page.locator(`${tid('payroll-publish-save')}:disabled`).waitFor();
    await screenshot(page, 'payroll-publish-window');
    const helena = await apiLogin(suite.baseURL, HELENA);
    const res = await fetch(`${suite.baseURL}/api/authManagement/getConfig?tenId=${helena.user.tenId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${helena.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ par: '', ciaId: '', key: 'payroll_publish' }),
    });
    assert.equal(Number((await res.json()).values.payslip_days_ahead), 2, 'the publish window is saved');
  } finally {
    await ctx.close();
  }
});

test('ana opens the document in the viewer, downloads it protected and signs it', { timeout: 120_000 }, async () => {
  assert.ok(anaFile, 'published by the test before');
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/rh/demonstrativos');
    const row = page.locator(tid('payroll-document')).filter({ hasText: anaFile });
    await row.waitFor({ timeout: 30_000 });
    assert.equal(await row.locator(tid('payroll-status')).getAttribute('data-status'), 'new');
    assert.match(await page.locator(tid('payroll-password-hint')).first().textContent(), /4 primeiros dígitos do seu CPF/);
    await screenshot(page, 'payroll-documents');
    await expectAccessible(page, 'payroll-documents');

    // The viewer: pdf.js (its worker bundled from node_modules) renders the page.
    await row.locator(tid('payroll-open')).click();
    const viewer = page.locator(tid('file-viewer-body'));
    await viewer.locator(tid('file-viewer-page')).getByText('Página 1 de 1').waitFor({ timeout: 30_000 });
    await viewer.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Aumentar zoom' }).click();
    assert.equal(await viewer.locator(tid('file-viewer-zoom')).textContent(), '125%');
    await viewer.locator(tid('file-viewer-search')).fill('Ana Souza');
    await viewer.locator(tid('file-viewer-matches')).getByText('1 de 1').waitFor();
    await viewer.locator('mark[data-current]').first().waitFor();
    await screenshot(page, 'payroll-viewer');
    await expectAccessible(page, 'payroll-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The protected download: a PDF, encrypted (the password is the first 4 CPF digits).
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator(tid('payroll-download')).click()]);
    assert.equal(download.suggestedFilename(), `other-${month}.pdf`);
    const bytes = readFileSync(await download.path());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.match(bytes.toString('latin1'), /\/Encrypt/, 'the downloaded PDF is encrypted');

    // The acknowledgement after the password: a wrong one is refused on the dialog.
    await row.locator(tid('payroll-sign')).click();
    await page.locator(tid('confirm-password-input')).fill('senha-errada');
    await page.locator(tid('confirm-password-continue')).click();
    await page.getByText('Senha incorreta').waitFor();
    await page.locator(tid('confirm-password-input')).fill(DEMO_PASSWORD);
    await page.locator(tid('confirm-password-continue')).click();
    await page.getByText('Documento assinado.').waitFor();
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid="payroll-document"]')].some(
          (r) => r.textContent.includes(name) && r.querySelector('[data-testid="payroll-status"]')?.getAttribute('data-status') === 'signed',
        ),
      anaFile,
      { timeout: 30_000 },
    );
    assert.equal(await row.locator(tid('payroll-sign')).count(), 0, 'signed once');
    await screenshot(page, 'payroll-signed');
  } finally {
    await ctx.close();
  }
});

test('helena sees the document signed in the batch', { timeout: 120_000 }, async () => {
  assert.ok(anaFile, 'published by the first test');
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    await login(page, HELENA);
    await page.goto('/apps/admin-rh/demonstrativos');
    // The newest batch first: the one published above.
    const batch = page.locator(tid('payroll-batch')).first();
    await batch.waitFor({ timeout: 30_000 });
    await batch.locator(tid('payroll-batch-open')).click();
    const doc = page.locator(tid('payroll-batch-document')).filter({ hasText: 'Ana Souza' });
    await doc.waitFor({ timeout: 30_000 });
    assert.equal(await doc.locator(tid('payroll-batch-document-status')).getAttribute('data-status'), 'signed');
    assert.match(await doc.locator(tid('payroll-batch-document-status')).textContent(), /Assinado em/);
    await screenshot(page, 'payroll-batch-signed');
  } finally {
    await ctx.close();
  }
});
