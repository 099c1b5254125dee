import { expect, test, type Page } from '@playwright/test';
import { expectGreeting, signIn } from './support/app';
import { designHeader, searchAll, signInApi, type Api } from './support/api';
import { accounts } from './support/env';

/**
 * Search by picture. Needs the demo archive (indexed by `desen demo`) with an open design of at
 * least two colorways whose print has corners to find (not plain stripes).
 */
const { finder } = accounts;

/** A part of an image the signed-in browser can read (a colorway preview), cut in the page, as PNG bytes. */
async function cutOut(page: Page, url: string, part: { x: number; y: number; width: number; height: number }): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ url, part }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * part.width);
      canvas.height = Math.round(image.naturalHeight * part.height);
      canvas.getContext('2d')?.drawImage(image, image.naturalWidth * part.x, image.naturalHeight * part.y, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { url, part },
  );
  return Buffer.from(base64, 'base64');
}

const part = { x: 0.22, y: 0.18, width: 0.55, height: 0.55 };

type Found = { results: { designGuid: string; match?: unknown }[] };

/** The first open design of two colorways or more that a crop of finds first, with its crop. */
async function findableDesign(page: Page, api: Api) {
  const candidates = (await searchAll(api, { order: '2' })).filter((d) => d.colorwayCount >= 2).slice(0, 8);
  for (const candidate of candidates) {
    const header = await designHeader(api, candidate.designGuid);
    const colorway = header.colorways[0];
    if (!colorway) continue;
    const crop = await cutOut(page, colorway.images.preview, part);
    const found = await api.multipart<Found>('POST', '/search/similar/0/25', { similarImage: { name: 'crop.png', mimeType: 'image/png', buffer: crop } });
    if (found.results[0]?.designGuid === candidate.designGuid && found.results[0]?.match) return { header, colorway, crop };
  }
  throw new Error('no open demo design of two colorways is found from a crop of it');
}

test('a customer finds a design from a crop of it, sees where it sits, and lists its other colorways', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, finder.email, finder.password);
  await expectGreeting(page, finder.name);
  const api = await signInApi(page.request, finder.email, finder.password);
  const { header, crop } = await findableDesign(page, api);

  // Drop the crop into the picture filter, then narrow it to most of itself.
  await page.getByTestId('filter-picture').click();
  const drop = page.getByTestId('picture-drop');
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'swatch.png', { type: 'image/png' }));
    return data;
  }, crop.toString('base64'));
  await drop.dispatchEvent('drop', { dataTransfer: transfer });
  const area = page.getByTestId('crop-area').locator('img');
  await expect.poll(() => area.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await area.boundingBox();
  if (!box) throw new Error('the picture is not shown');
  await page.mouse.move(box.x + box.width * 0.08, box.y + box.height * 0.08);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.92, box.y + box.height * 0.92, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('crop-selection')).toBeVisible();
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  // The design first, outlined where the crop sits when the card is pointed at.
  await expect(page).toHaveURL(/similar=p%3A|similar=p:/);
  await expect(page.getByTestId('ranking-note')).toContainText('Closest first');
  const first = page.getByTestId('search-result').first();
  await expect(first).toHaveAttribute('data-design-guid', header.guid, { timeout: 30_000 });
  const outline = first.getByTestId('match-outline');
  await expect(outline).toHaveCSS('opacity', '0');
  await first.hover();
  await expect(outline).toHaveCSS('opacity', '1');

  // Open it; "Similar colorways" lists its other colorways first.
  await first.getByRole('link').first().click();
  await expect(page.getByTestId('design-page')).toHaveAttribute('data-design-guid', header.guid);
  const shown = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? header.colorways[0]!.colorwayGuid);
  await page.getByTestId('design-action-similar').click();
  await expect(page).toHaveURL(/\/archive\?similar=c/);
  const others = header.colorways.map((c) => c.colorwayGuid).filter((guid) => guid !== shown);
  const cards = page.getByTestId('search-result');
  await expect(cards.first()).toHaveAttribute('data-design-guid', header.guid);
  for (let i = 0; i < others.length; i += 1) {
    await expect(cards.nth(i)).toHaveAttribute('data-design-guid', header.guid);
    const href = await cards.nth(i).getByRole('link').first().getAttribute('href');
    expect(others.some((guid) => href?.endsWith(`/${guid}`))).toBe(true);
  }
});
