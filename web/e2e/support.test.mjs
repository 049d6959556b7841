// Issue 35, the FAQ (tools_012): HR (Helena) adds a category and a question whose answer
// carries a script; an empty question is refused with the translated message and nothing is
// written; Ana searches without accents and by a prefix, finds the answer with its markup
// and without the script, and cannot edit; an English session reads the screen in English and searches too.
// Contact (tools_014) and ombudsman (tools_015) are not built yet (see the report).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, login, newUserContext, screenshot, startSuite, tid, USERS } from './helpers.mjs';
import { expectAccessible } from './axe.mjs';

const HELENA = { accessCode: 'DEMOCORP', userName: 'helena.rh', password: DEMO_PASSWORD };
const QUESTION = 'Quando recebo o adiantamento de férias?';

let suite;
before(async () => {
  suite = await startSuite({ timeoutMs: 240_000 });
});
after(async () => {
  await suite?.stop();
});

async function context(options) {
  const ctx = await newUserContext(suite, options);
  ctx.setDefaultTimeout(30_000);
  return ctx;
}

test('hr edits the faq; an employee searches it without accents and cannot edit', { timeout: 300_000 }, async () => {
  const hr = await context();
  try {
    const page = await hr.newPage();
    await login(page, HELENA);
    await page.goto('/apps/faq/Faq');
    await page.locator(tid('faq-page')).waitFor();
    await page.getByText('Perguntas frequentes').first().waitFor();

    await page.locator(tid('faq-category-name')).fill('Férias e benefícios');
    await page.locator(tid('faq-category-add')).click();
    await page.locator(`${tid('faq-category')}[data-name="Férias e benefícios"]`).waitFor({ state: 'attached' }); // a Chip: its input is hidden

    // An empty question: 400 with the spec's {type, message}, the translated message, nothing written.
    await page.locator(tid('faq-new-question')).click();
    await page.locator(tid('faq-form-category')).click();
    await page.getByRole('option', { name: 'Férias e benefícios' }).click();
    await page.locator(tid('faq-form-answer')).fill('<p>Junto com as <b>férias</b>, dois dias antes.</p><script>window.pwned=1</script>');
    const refused = page.waitForResponse((r) => r.url().includes('/api/faq/questions') && r.request().method() === 'POST');
    await page.locator(tid('faq-form-save')).click();
    const bad = await refused;
    assert.equal(bad.status(), 400);
    assert.deepEqual((await bad.json()).errors, [{ type: 'question', message: 'campo_obrigatorio' }]);
    await page.locator(tid('faq-form')).getByText('Campo obrigatório').waitFor();
    await screenshot(page, 'support-faq-refused-pt');
    await expectAccessible(page, 'support: support-faq-refused-pt');

    await page.locator(tid('faq-form-question')).fill(QUESTION);
    const saved = page.waitForResponse((r) => r.url().includes('/api/faq/questions') && r.request().method() === 'POST');
    await page.locator(tid('faq-form-save')).click();
    assert.equal((await saved).status(), 200);
    await page.locator(`${tid('faq-item')}[data-question="${QUESTION}"]`).waitFor();
    await screenshot(page, 'support-faq-hr-pt');
    await expectAccessible(page, 'support: support-faq-hr-pt');
  } finally {
    await hr.close();
  }

  const emp = await context();
  try {
    const page = await emp.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/faq/Faq');
    await page.locator(tid('faq-page')).waitFor();
    assert.equal(await page.locator(tid('faq-new-question')).count(), 0, 'an employee does not edit');
    // Without the accent and by a prefix.
    await page.locator(tid('faq-search')).fill('ADIANTAM ferias');
    const item = page.locator(`${tid('faq-item')}[data-question="${QUESTION}"]`);
    await item.waitFor();
    await item.getByText(QUESTION).click();
    const answer = item.locator(tid('faq-answer'));
    await answer.waitFor();
    assert.equal(await answer.locator('b').textContent(), 'férias');
    assert.equal(await answer.locator('script').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    await screenshot(page, 'support-faq-search-pt');
    await page.locator(tid('faq-search')).fill('holerite inexistente');
    await page.getByText('Nenhuma pergunta encontrada').waitFor();
  } finally {
    await emp.close();
  }

  // English, chosen with the toolbar's language switch (as e2e/language.test.mjs does).
  const en = await context();
  try {
    const page = await en.newPage();
    await login(page, USERS.ana);
    await page.goto('/apps/faq/Faq');
    await page.locator(tid('faq-page')).waitFor();
    await page.locator(tid('lang-menu')).click();
    await page.locator(tid('lang-en')).click();
    await page.getByText('Frequently asked questions').first().waitFor();
    await page.locator(tid('faq-search')).fill('ferias');
    await page.locator(`${tid('faq-item')}[data-question="${QUESTION}"]`).waitFor();
    await screenshot(page, 'support-faq-en');
  } finally {
    await en.close();
  }
});
