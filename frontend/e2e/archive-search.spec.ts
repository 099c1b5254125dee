import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectGreeting, signIn } from './support/app';
import { apiOfPage, designHeader, search, searchAll, searchLabels, type Api } from './support/api';
import { accounts } from './support/env';

const { user } = accounts;
/** The app's page size in both result modes. */
const PAGE_SIZE = 25;
const LABEL = 'Floral';

/** A label of the demo archive: its id and how many designs the user finds with it. */
async function demoLabel(api: Api, name: string) {
  const label = (await searchLabels(api)).find((option) => option.label === name && !option.isGroupHeader);
  if (!label) throw new Error(`the demo archive has no label ${name}`);
  const { totalCount } = await search(api, { labels: String(label.id), labelSearchMode: 'all' }, 0, 1);
  return { id: label.id, count: totalCount };
}

/**
 * A colour the archive really has: a strong colour of a labelled design's palette that narrows the
 * label's results without emptying them. Answers the colour, the design it came from and the count.
 */
async function demoColour(api: Api, labelId: number, labelCount: number) {
  const labelled = await search(api, { labels: String(labelId), labelSearchMode: 'all' }, 0, 10);
  for (const result of labelled.results) {
    const header = await designHeader(api, result.designGuid);
    const colours = header.colorways
      .flatMap((colorway) => colorway.palette)
      .filter((colour) => colour.share >= 0.05)
      // The most saturated colours first: white and beige grounds match half the archive.
      .sort((x, y) => Math.hypot(y.a, y.b) - Math.hypot(x.a, x.b));
    for (const colour of colours.slice(0, 3)) {
      const hex = colour.rgb.toLowerCase();
      const { totalCount } = await search(api, { labels: String(labelId), labelSearchMode: 'all', color: hex.toUpperCase(), colorDistance: '10' }, 0, 1);
      if (totalCount > 0 && totalCount < labelCount) return { hex, source: result.designGuid, count: totalCount };
    }
  }
  throw new Error(`no palette colour of the ${LABEL} designs narrows their search`);
}

/** The result cards in the DOM (the grid is virtualised: the rows in view and a few around). */
function cards(page: Page): Locator {
  return page.getByTestId('search-result');
}

async function cardAttribute(page: Page, name: string): Promise<string[]> {
  return cards(page).evaluateAll((elements, attribute) => elements.map((element) => element.getAttribute(attribute) ?? ''), name);
}

async function expectCount(page: Page, count: number) {
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(count));
}

/** The cards shown are, in order, the first results of the server's answer. */
async function expectFirstResults(page: Page, numbers: string[]) {
  await expect(cards(page).first()).toHaveAttribute('data-design-number', numbers[0] ?? '');
  await expect.poll(async () => {
    const shown = await cardAttribute(page, 'data-design-number');
    return shown.length > 0 && shown.join() === numbers.slice(0, shown.length).join();
  }, { message: 'the cards are not the first results in the order of the search' }).toBe(true);
}

async function signInAsUser(page: Page): Promise<Api> {
  await signIn(page, user.email, user.password);
  await expectGreeting(page, user.name);
  return apiOfPage(page);
}

test('a customer filters by label and colour, sorts, pages on, opens a design and comes back to the same place', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await signInAsUser(page);
  const everything = await search(api, {}, 0, 1);
  const total = everything.totalCount;
  expect(total, 'the demo archive should show this user more than two pages').toBeGreaterThan(2 * PAGE_SIZE);
  await expectCount(page, total);
  await expect(page.getByTestId('result-count')).toHaveText(`${total} designs`);

  // A label: fewer designs, each of them carrying the label.
  const label = await demoLabel(api, LABEL);
  expect(label.count).toBeGreaterThan(0);
  expect(label.count).toBeLessThan(total);
  await page.getByTestId('filter-labels').getByRole('combobox').fill(LABEL);
  await page.getByRole('option').filter({ hasText: LABEL }).first().click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`[?&]labels=${label.id}(&|$)`));
  await expectCount(page, label.count);
  const labelled = await searchAll(api, { labels: String(label.id), labelSearchMode: 'all', order: '0' });
  await expectFirstResults(page, labelled.map((result) => result.designName));
  for (const guid of (await cardAttribute(page, 'data-design-guid')).slice(0, 6)) {
    const header = await designHeader(api, guid);
    expect(header.labels.map((item) => item.label), `${header.designName} was found by its label`).toContain(LABEL);
  }

  // A colour one of those designs really has, typed as a hex code: fewer again, best match first.
  const colour = await demoColour(api, label.id, label.count);
  await page.getByTestId('filter-color').click();
  const panel = page.getByRole('dialog', { name: 'Search by colour' });
  await panel.getByTestId('color-hex').fill(colour.hex.toUpperCase());
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('filter-color')).toHaveAttribute('data-color', colour.hex);
  await expect(page).toHaveURL(new RegExp(`[?&]color=${colour.hex.slice(1)}(&|$)`));
  await expectCount(page, colour.count);
  const coloured = await searchAll(api, { labels: String(label.id), labelSearchMode: 'all', color: colour.hex.toUpperCase(), colorDistance: '10', order: '0' });
  await expectFirstResults(page, coloured.map((result) => result.designName));
  const sourceCard = page.locator(`[data-testid="search-result"][data-design-guid="${colour.source}"]`);
  await expect(sourceCard).toBeVisible();
  // Each card's badge: the match figure the results are ordered by (best first), the ΔE behind it.
  const badges = cards(page).getByTestId('badge-color-match');
  const matches = (await badges.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-match'))))) as number[];
  expect(matches.length).toBeGreaterThan(0);
  expect(matches, 'the badges read in the order of the results').toEqual([...matches].sort((a, b) => b - a));
  const distances = (await badges.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-distance'))))) as number[];
  for (const distance of distances) expect(distance).toBeLessThanOrEqual(10);
  // The palette's hex is rounded: its own design matches within a rounding error, not exactly 0.
  const sourceDistance = Number(await sourceCard.getByTestId('badge-color-match').getAttribute('data-distance'));
  expect(sourceDistance, 'the design the colour came from').toBeLessThan(1);

  // Remove the colour (its chip), then sort by number: the label's designs in number order.
  await page.getByTestId('filter-chip').and(page.locator('[data-filter="color"]')).locator('.MuiChip-deleteIcon').click();
  await expectCount(page, label.count);
  await page.getByTestId('sort-select').selectOption('2');
  await expect(page).toHaveURL(/[?&]sort=2(&|$)/);
  const byNumber = labelled.map((result) => result.designName).sort();
  await expectFirstResults(page, byNumber);

  // Clear the filters: every design again, the sort kept.
  await page.getByTestId('clear-filters').click();
  await expectCount(page, total);
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page.getByTestId('sort-select')).toHaveValue('2');
  const all = await searchAll(api, { order: '2' });
  expect(all).toHaveLength(total);
  await expectFirstResults(page, all.map((result) => result.designName));

  // Infinite mode (the default): scrolling down appends pages two and three.
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('infinite-toggle')).toHaveAttribute('data-checked', 'true');
  await page.keyboard.press('Escape');
  const grid = page.getByTestId('result-grid');
  await expect(grid).toHaveAttribute('data-loaded-count', String(PAGE_SIZE));
  const loaded = async () => Number(await grid.getAttribute('data-loaded-count'));
  for (const pages of [2, 3]) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(loaded, { message: `page ${pages} was not appended` }).toBeGreaterThanOrEqual(Math.min(total, pages * PAGE_SIZE));
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const marker = page.getByTestId('pager-marker');
  const totalPages = Math.ceil(total / PAGE_SIZE);
  if (totalPages === 3) await expect(page.getByTestId('load-more')).toHaveAttribute('data-state', 'end');

  // A design of page three with several colorways, in view.
  const target = all.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE).find((result) => result.colorwayCount > 1);
  if (!target) throw new Error('no design with several colorways on page three');
  const card = page.locator(`[data-testid="search-result"][data-design-guid="${target.designGuid}"]`);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport({ ratio: 1 });
  await expect(marker).toHaveAttribute('data-page', '3');
  await expect(marker).toHaveText(new RegExp(`^Page 3 of ${totalPages}`));
  // Let the scroll position be recorded (once per frame) before leaving.
  const archiveUrl = page.url();
  const scrollY = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)))));
  const cardTop = (await card.boundingBox())?.y ?? NaN;
  expect(scrollY).toBeGreaterThan(0);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/design/${target.designGuid}/${target.activeVariantGuid}$`));
  await expect(page.getByTestId('design-page')).toHaveAttribute('data-design-guid', target.designGuid);
  await expect(page.getByTestId('design-number')).toHaveText(target.designName);
  const info = page.getByTestId('design-info');
  await expect(info).toBeVisible();
  await expect(info).toContainText(target.designName);
  await expect(page.getByTestId('orders-panel')).toBeVisible();
  const viewer = page.getByTestId('zoom-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });

  // Another colorway: the address, the active colorway and the image follow.
  const options = page.getByTestId('colorway-option');
  await expect(options).toHaveCount(target.colorwayCount);
  const inactive = options.and(page.locator('[data-active="false"]')).first();
  const otherName = (await inactive.getAttribute('data-colorway-name')) ?? '';
  const otherGuid = (await inactive.getAttribute('data-colorway-guid')) ?? '';
  const other = options.and(page.locator(`[data-colorway-guid="${otherGuid}"]`));
  await other.click();
  await expect(page).toHaveURL(new RegExp(`/design/${target.designGuid}/${otherGuid}$`));
  await expect(page.getByTestId('active-colorway')).toHaveText(otherName);
  await expect(page.getByTestId('active-colorway')).toHaveAttribute('data-colorway-guid', otherGuid);
  await expect(other).toHaveAttribute('data-active', 'true');
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });

  // Back to the results: the same search, scrolled to the same place, the same card in view.
  await page.getByTestId('back-to-results').click();
  await expect(page).toHaveURL(archiveUrl);
  await expect(card).toBeInViewport({ ratio: 1 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrollY);
  expect(Math.abs(((await card.boundingBox())?.y ?? NaN) - cardTop)).toBeLessThanOrEqual(1);
  await expect(marker).toHaveAttribute('data-page', '3');
});

test('a shared search address restores its filters and results', async ({ page }) => {
  const api = await signInAsUser(page);
  const label = await demoLabel(api, LABEL);
  const colour = await demoColour(api, label.id, label.count);
  const form = { labels: String(label.id), labelSearchMode: 'any', color: colour.hex.toUpperCase(), colorDistance: '15', order: '2' };
  const expected = await searchAll(api, form);

  await page.goto(`/archive?labels=${label.id}&labelMode=any&color=${colour.hex.slice(1)}&distance=15&sort=2`);
  await expect(page.getByTestId('filter-labels').locator('.MuiChip-root')).toHaveText([LABEL]);
  await expect(page.getByTestId('label-mode')).toHaveAttribute('data-mode', 'any');
  await expect(page.getByTestId('filter-color')).toHaveAttribute('data-color', colour.hex);
  await expect(page.getByTestId('sort-select')).toHaveValue('2');
  await expect(page.getByTestId('filter-chip')).toHaveCount(2);
  await expectCount(page, expected.length);
  await expectFirstResults(page, expected.map((result) => result.designName));

  // The colour panel shows the shared colour and tolerance.
  await page.getByTestId('filter-color').click();
  const panel = page.getByRole('dialog', { name: 'Search by colour' });
  await expect(panel.getByTestId('color-hex')).toHaveValue(colour.hex.toUpperCase());
  await expect(panel.getByTestId('color-distance')).toHaveValue('15');
});

test('a swatch of the picker finds the designs the server ranks for that colour', async ({ page }) => {
  const api = await signInAsUser(page);
  const swatches = await api.get<{ name: string; hex: string }[]>('/get/color-swatches');
  // The swatch that finds the most demo designs.
  let best = { index: -1, count: 0 };
  for (const [index, swatch] of swatches.entries()) {
    const { totalCount } = await search(api, { color: swatch.hex.toUpperCase() }, 0, 1);
    if (totalCount > best.count) best = { index, count: totalCount };
  }
  const swatch = swatches[best.index];
  if (!swatch) throw new Error('no swatch finds a demo design');
  const expected = await searchAll(api, { color: swatch.hex.toUpperCase(), colorDistance: '10', order: '0' });

  await page.goto('/archive');
  await page.getByTestId('filter-color').click();
  const panel = page.getByRole('dialog', { name: 'Search by colour' });
  await expect(panel.getByTestId('color-swatch')).toHaveCount(swatches.length);
  await panel.getByTestId('color-swatch').nth(best.index).click();
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('filter-color')).toHaveAttribute('data-color', swatch.hex);
  await expectCount(page, best.count);
  await expectFirstResults(page, expected.map((result) => result.designName));
});
