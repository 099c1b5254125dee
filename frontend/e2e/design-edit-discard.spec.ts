import { expect, test } from '@playwright/test';
import { chooseLanguage, signInAsAdmin } from './support/app';
import { accounts } from './support/env';
import { languages, text } from './support/locale';

/** Unsaved edits are not lost to a stray Escape, in every language. Needs only the demo archive and an admin (its own authenticator). */
const { editor } = accounts;

const sizes = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of sizes) {
  test.describe(`an admin on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('is asked before Escape discards the edits of a design, and a clean form closes at once', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page, editor);
      await page.goto('/admin/design');
      const row = page.getByTestId('design-row').first();
      await expect(row).toBeVisible();
      const number = (await row.getAttribute('data-name')) ?? '';
      const studio = page.getByTestId('design-edit').locator('input[name="studio"]');

      for (const language of languages) {
        await chooseLanguage(page, language);
        const say = (key: string) => text(language, 'design-admin', key, { name: number });
        const edit = row.getByRole('button', { name: say('designs.editDesign') });
        const dialog = page.getByRole('dialog', { name: say('edit.title') });
        const ask = page.getByRole('dialog', { name: say('edit.discardTitle') });

        // Clean: Escape closes at once.
        await edit.click();
        await expect(studio).toBeVisible();
        const before = await studio.inputValue();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(ask).toBeHidden();

        // Dirty: Escape asks; "Keep editing" keeps the edit.
        await edit.click();
        await studio.fill(`${before} (draft)`);
        await expect(page.getByTestId('design-edit')).toHaveAttribute('data-dirty', 'true');
        await page.keyboard.press('Escape');
        await expect(ask).toBeVisible();
        await expect(ask).toContainText(number);
        await ask.getByRole('button', { name: say('edit.keepEditing') }).click();
        await expect(ask).toBeHidden();
        await expect(dialog).toBeVisible();
        await expect(studio).toHaveValue(`${before} (draft)`);

        // Escape again, and this time discard: closed, nothing saved.
        await page.keyboard.press('Escape');
        await expect(ask).toBeVisible();
        await ask.getByRole('button', { name: say('edit.discard') }).click();
        await expect(dialog).toBeHidden();
        await edit.click();
        await expect(studio).toHaveValue(before);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  });
}
