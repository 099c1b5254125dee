import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, signIn } from './support/app';
import { optionFits, textFit } from './support/fit';
import { accounts } from './support/env';

/**
 * Text that must fit in every language at both sizes: the sort select (its longest option), the
 * filter drawer's buttons (no overflow, one line each), and on a phone the search panel (the
 * settings beside "Clear filters", less than half the screen). Needs only the demo archive.
 */
const { reader } = accounts;

const sizes = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const languages = ['en', 'tr', 'ru'] as const;

async function expectOneLine(page: Page, testId: string, context: string) {
  const fit = await textFit(page.getByTestId(testId));
  expect(fit.scrollWidth, `${context}: "${fit.text}" overflows its button`).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.lines, `${context}: "${fit.text}" wraps`).toBe(1);
}

for (const size of sizes) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the sort select and the filter drawer’s buttons fit their text', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, reader.email, reader.password);
      // Signed in: the archive's search panel (the greeting is left out on a phone).
      await expect(page.getByRole('search')).toBeVisible();
      // A filter is set, so that "Clear filters" is live and the result count is in "Show N designs".
      await page.goto('/archive?type=digital');
      await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', /\d+/);

      for (const language of languages) {
        const context = `${language}, ${size.name}`;
        await chooseLanguage(page, language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);

        // Every option of the sort select fits it (a customer may choose any of them).
        const sort = page.getByTestId('sort-select');
        await expect(sort).toBeVisible();
        for (const option of await optionFits(sort)) {
          expect(option.width, `${context}: the sort option "${option.text}" is clipped`).toBeLessThanOrEqual(option.available + 0.5);
        }
        const sortBox = await sort.boundingBox();
        expect((sortBox?.x ?? 0) + (sortBox?.width ?? 0), `${context}: the sort select leaves the screen`).toBeLessThanOrEqual(size.viewport.width);

        if (size.name === 'phone') {
          // The search settings and "Clear filters" on one row; the panel under half the screen.
          const settings = await page.getByTestId('settings-button').boundingBox();
          const clear = await page.getByTestId('clear-filters').boundingBox();
          if (!settings || !clear) throw new Error('no settings button or "Clear filters"');
          expect(Math.abs(settings.y + settings.height / 2 - (clear.y + clear.height / 2)), `${context}: settings and "Clear filters" on different rows`).toBeLessThan(8);
          const panel = await page.getByRole('search').boundingBox();
          expect(panel?.height ?? Infinity, `${context}: the search panel fills half the screen`).toBeLessThan(size.viewport.height / 2);
          await expectOneLine(page, 'clear-filters', context);
        }

        // The drawer's two buttons: each on one line, nothing overflowing.
        await page.getByTestId('more-filters').click();
        const drawer = page.getByRole('dialog', { name: /.+/ }).filter({ has: page.getByTestId('show-results') });
        await expect(drawer).toBeVisible();
        await expect(page.getByTestId('show-results')).toHaveText(/\d/);
        await expectOneLine(page, 'show-results', context);
        await expectOneLine(page, 'drawer-clear-filters', context);
        const drawerBox = await drawer.boundingBox();
        for (const id of ['show-results', 'drawer-clear-filters']) {
          const box = await page.getByTestId(id).boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0), `${context}: ${id} leaves the drawer`).toBeLessThanOrEqual((drawerBox?.x ?? 0) + (drawerBox?.width ?? 0) + 0.5);
        }
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
      }
    });
  });
}
