// Issue 35, contact (tools_014) and ombudsman (tools_015): Ana sends a contact message (mailed
// to HR through a real SMTP server) and sees it listed; she files a private report and notes
// its protocol and code; Helena (HR, the ombudsman permission) sees who filed it and answers;
// the public follow-up page shows the answer without signing in.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { expectAccessible } from './axe.mjs';
import { DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, suiteSql, tid, USERS } from './helpers.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

let suite;
before(async () => {
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = smtp.server.address().port;
  suite = await startSuite({ timeoutMs: 240_000, env: { SMTP_ADDR: `127.0.0.1:${port}`, SMTP_FROM: 'no-reply@portal.local' } });
  // The demo tenant buys the ombudsman module (tools_015's accessId).
  suiteSql(suite, `UPDATE users SET purchased = purchased || ',pwa-ouvidoria'`);
});
after(async () => {
  await suite?.stop();
  smtp.close();
});

async function context() {
  const ctx = await newUserContext(suite);
  ctx.setDefaultTimeout(30_000);
  return ctx;
}

/** Reloads page until locator shows (the read models follow the log a moment later). */
async function eventually(page, locator, tries = 15) {
  for (let i = 0; ; i++) {
    try {
      await locator.first().waitFor({ timeout: 2000 });
      return;
    } catch (err) {
      if (i >= tries) throw err;
    }
    await page.reload();
  }
}

test('contact, a private report, its answer and the public follow-up', { timeout: 300_000 }, async () => {
  let protocol;
  let code;
  const ana = await context();
  try {
    const page = await ana.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/faq/Contato');
    await page.locator(tid('contact-page')).waitFor();
    await page.locator(tid('contact-subject')).fill('Dúvida sobre o holerite');
    await page.locator(tid('contact-message')).fill('O desconto do plano veio em dobro.');
    const before = mails.length;
    await page.locator(tid('contact-submit')).click();
    await page.locator(tid('contact-sent')).waitFor();
    assert.ok(mails.length > before, 'the contact message was mailed');
    assert.match(mails.at(-1).raw, /Contato/);
    await eventually(page, page.locator(tid('contact-row')).filter({ hasText: 'Dúvida sobre o holerite' }));
    await screenshot(page, 'ombudsman-contact-pt');
    await expectAccessible(page, 'ombudsman-contact-pt');

    await page.goto('/apps/Ouvidoria');
    await page.locator(tid('ombudsman-page')).waitFor();
    await page.locator(tid('ombudsman-category')).click();
    await page.getByRole('option', { name: 'Reclamação' }).click();
    await page.locator(tid('ombudsman-subject')).fill('Assédio na equipe');
    await page.locator(tid('ombudsman-text')).fill('Relato reservado sobre a equipe.');
    await page.locator(tid('ombudsman-submit')).click();
    await page.locator(tid('ombudsman-receipt')).waitFor();
    protocol = (await page.locator(tid('ombudsman-protocol')).textContent()).trim();
    code = (await page.locator(tid('ombudsman-code')).textContent()).trim();
    assert.match(protocol, /^OUV-\d{4}-\d{6}$/);
    assert.equal(code.length, 12);
    await screenshot(page, 'ombudsman-filed-pt');
    await expectAccessible(page, 'ombudsman-filed-pt');
  } finally {
    await ana.close();
  }

  const hr = await context();
  try {
    const page = await hr.newPage();
    await login(page, HELENA);
    await page.goto('/apps/Ouvidoria');
    const row = page.locator(`${tid('ombudsman-queue-row')}[data-protocol="${protocol}"]`);
    await eventually(page, row);
    await row.click();
    await page.locator(tid('ombudsman-detail')).waitFor();
    assert.notEqual((await row.locator(tid('ombudsman-reporter')).textContent()).trim(), 'Oculto', 'the ombudsman sees who filed a private report');
    await page.locator(tid('ombudsman-answer')).fill('Recebemos e estamos tratando com sigilo.');
    await page.locator(tid('ombudsman-answer-send')).click();
    await page.locator(tid('ombudsman-notice')).waitFor();
    await screenshot(page, 'ombudsman-answered-pt');
    await expectAccessible(page, 'ombudsman-answered-pt');
  } finally {
    await hr.close();
  }

  const guest = await context();
  try {
    const page = await guest.newPage();
    await page.goto('/ouvidoria/acompanhar');
    await page.locator(tid('follow-page')).waitFor();
    await page.locator(tid('follow-protocol')).fill(protocol);
    await page.locator(tid('follow-code')).fill('WRONGCODE123');
    await page.locator(tid('follow-submit')).click();
    await page.getByText('Não encontrado').first().waitFor();
    await page.locator(tid('follow-code')).fill(code);
    for (let i = 0; ; i++) {
      await page.waitForTimeout(3100); // the follow-up is rate limited per address
      await page.locator(tid('follow-submit')).click();
      await page.locator(tid('follow-result')).waitFor();
      if ((await page.locator(tid('follow-answer')).textContent()).includes('sigilo')) break;
      if (i > 5) throw new Error('the answer never showed');
    }
    assert.equal((await page.locator(tid('follow-status')).textContent()).trim(), 'Respondido');
    await screenshot(page, 'ombudsman-follow-pt');
    await expectAccessible(page, 'ombudsman-follow-pt');
  } finally {
    await guest.close();
  }
});
