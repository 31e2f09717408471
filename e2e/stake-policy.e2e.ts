import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer } from './helpers/accounts';
import { toast, useBrowser } from './helpers/browser';

const browser = useBrowser();
// One of the repositories the demo seeds connected for lena-pythonista.
const FULL_NAME = 'data-harbor/etl-workbench';

describe("a repository's stake policy, end to end", () => {
  it('a maintainer sets one open stake per contributor and Code Master, refused first at a bad value', async () => {
    const page = await browser.newPage();
    await signInAsDemoMaintainer(page, 'lena-pythonista');
    await page.getByRole('searchbox', { name: 'Search repositories' }).fill('etl-workbench');
    const row = page.getByTestId('repository-row').filter({ hasText: FULL_NAME });
    await row.getByText(/^Connected · /).waitFor();
    await row.getByRole('button', { name: `Stake policy of ${FULL_NAME}` }).click();
    const form = page.getByRole('form', { name: `Stake policy of ${FULL_NAME}` });
    const open = form.getByLabel('Open stakes per contributor');
    expect(await open.inputValue()).toBe('2');
    await form.getByText('A newcomer has no XP from an independent maintainer').waitFor();

    // Out of bounds: refused at the field, nothing sent.
    await open.fill('25');
    await form.getByRole('button', { name: 'Save policy' }).click();
    await form
      .getByRole('alert')
      .getByText('Open stakes per contributor must be a whole number from 1 to 20')
      .waitFor();

    await open.fill('1');
    await form.getByLabel('Minimum rank').click();
    await page.getByRole('option', { name: 'Code Master (1,500 XP)' }).click();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await toast(page, `Stake policy of ${FULL_NAME} saved`);

    // Saved on the server: read back after a reload.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search repositories' }).fill('etl-workbench');
    await row.getByRole('button', { name: `Stake policy of ${FULL_NAME}` }).click();
    expect(await form.getByLabel('Open stakes per contributor').inputValue()).toBe('1');
    await form.getByLabel('Minimum rank').getByText('Code Master (1,500 XP)').waitFor();

    // Back to the defaults, for the other files that stake in the demo's repositories.
    await form.getByLabel('Open stakes per contributor').fill('2');
    await form.getByLabel('Minimum rank').click();
    await page.getByRole('option', { name: 'Anyone' }).click();
    await form.getByRole('button', { name: 'Save policy' }).click();
    await toast(page, `Stake policy of ${FULL_NAME} saved`);
  });
});
