import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInAsAdmin } from './support/app';
import { apiOfPage, searchAll, type StaffResult } from './support/api';
import { createCollection, expectImageLoaded, openDesigns, setGroups, tagColorway, uploadPhoto, type StockPage } from './support/collections';
import { accounts } from './support/env';
import { png } from './support/photo';

const { publisher, stockist } = accounts;

/** The status of a request sent without a session (and, when given, with `token` as the Access-Token). */
async function statusOf(request: APIRequestContext, method: 'GET' | 'POST', path: string, token?: string): Promise<number> {
  const headers: Record<string, string> = token ? { 'Access-Token': token } : {};
  const response = await request.fetch(path, { method, headers, ...(method === 'POST' ? { form: { id: '1' } } : {}) });
  return response.status();
}

test('an anonymous visitor opens a stock page, reaches nothing else with its slug, and finds a revoked slug withdrawn', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page, publisher);
  const api = await apiOfPage(page);

  // A collection set up through the API: a design page with two open designs and one confined to
  // another company (when the archive has one), and a mood board tagged with a third open design.
  const everything = (await searchAll(api, { order: '2' })) as StaffResult[];
  const open = openDesigns(everything);
  const [shown1, shown2, tagged, elsewhere] = open;
  if (!shown1 || !shown2 || !tagged || !elsewhere) throw new Error('the demo archive should hold four open designs');
  const confined = everything.find((design) => design.isConfined);
  const name = `Stock edit ${Date.now()}`;
  const collection = await createCollection(api, {
    name,
    description: 'A selection for one customer.',
    cover: png('stock-cover.png', { width: 320, height: 240, colors: [[90, 60, 140], [235, 225, 200]], seed: Date.now() }),
  });
  const designPage = await createCollection(api, { name: 'Stock designs', description: 'For the customer.', parentId: collection.id, kind: 'design' });
  await setGroups(api, designPage.id, [{ name: 'Stock', designs: confined ? [shown1, confined, shown2] : [shown1, shown2] }]);
  const mood = await createCollection(api, { name: 'Stock moods', description: 'On fabric.', parentId: collection.id, kind: 'mood' });
  const photo = await uploadPhoto(api, mood.id, png('stock-mood.png', { width: 200, height: 200, colors: [[20, 20, 20], [250, 250, 250]], seed: Date.now() + 7 }));
  await tagColorway(api, photo.id, tagged);
  // By design number, as the page lists them.
  const onPage = [shown1, shown2, tagged].sort((x, y) => (x.designName < y.designName ? -1 : 1));

  // The admin publishes it for the customer's company from the collections screen.
  await page.goto(`/admin/collections/${collection.id}`);
  const stockPages = page.getByTestId('stock-pages');
  await expect(stockPages).toContainText('Not published for any customer.');
  await stockPages.getByRole('button', { name: 'Publish for a customer' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish ${name} for a customer` });
  await dialog.getByTestId('stock-customer').getByRole('combobox').fill('Stockroom');
  await page.getByRole('option', { name: stockist.customer, exact: true }).click();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  const row = stockPages.getByTestId('stock-page-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(stockist.customer);
  const link = await row.getByRole('link').getAttribute('href');
  const slug = /^\/custom\/([^/?#]+)$/.exec(link ?? '')?.[1];
  if (!slug) throw new Error(`the stock page row links to ${link}`);
  const published = (await api.get<{ id: number; stockPages: StockPage[] }[]>('/admin/new-collection/all')).find((node) => node.id === collection.id)?.stockPages;
  expect(published?.map((stock) => [stock.slug, stock.customerName])).toEqual([[slug, stockist.customer]]);

  // A visitor without an account opens the link: the company, the collection, its designs at preview size.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/custom/${slug}`);
  const stock = visitor.getByTestId('stock-page');
  await expect(stock.getByTestId('stock-company')).toHaveText(`Prepared for ${stockist.customer}`);
  await expect(stock.getByRole('heading', { name })).toBeVisible();
  await expect(stock.getByTestId('stock-count')).toHaveText(`${onPage.length} designs`);
  const designs = stock.getByTestId('stock-design');
  await expect(designs).toHaveCount(onPage.length);
  for (const [index, design] of onPage.entries()) {
    await expect(designs.nth(index)).toContainText(design.designName);
    await expect(designs.nth(index)).toContainText(design.colorways[0]!.colorwayName);
    await expectImageLoaded(designs.nth(index).getByRole('img'));
  }
  // Nothing on it leads anywhere: no link at all.
  await expect(stock.getByRole('link')).toHaveCount(0);

  // With the slug the visitor reads the page and the previews of its designs' shown colorways, and nothing else.
  const anonymous = visitorContext.request;
  const preview = (design: StaffResult, colorway = 0) => `/service/public/stock/${slug}/preview/${design.designGuid}/${design.colorways[colorway]!.colorwayGuid}`;
  expect((await anonymous.get(`/service/public/stock/${slug}`)).status()).toBe(200);
  const image = await anonymous.get(preview(shown1));
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  expect((await anonymous.get(preview(elsewhere))).status(), 'a design not on the page').toBe(404);
  if (confined) expect((await anonymous.get(preview(confined))).status(), 'a design on the page confined to another company').toBe(404);
  const multi = onPage.find((design) => design.colorways.length > 1);
  if (multi) expect((await anonymous.get(preview(multi, 1))).status(), 'a colorway the page does not show').toBe(404);
  const refused: ['GET' | 'POST', string][] = [
    ['POST', '/service/collections/all'],
    ['POST', '/service/collections/get'],
    ['GET', `/service/collections/get-mood-boards/${mood.id}`],
    ['GET', `/service/collections/image/${photo.id}/large`],
    ['GET', `/service/collections/cover/${collection.id}`],
    ['POST', `/service/basic-colleciton/get/${designPage.id}`],
    ['POST', `/service/search/collection/${collection.id}`],
    ['POST', '/service/search/design/basic/0/25'],
    ['GET', shown1.thumbnail!],
    ['GET', '/service/admin/new-collection/all'],
  ];
  for (const [method, path] of refused) {
    expect(await statusOf(anonymous, method, path), `${method} ${path} without a session`).toBe(401);
    expect(await statusOf(anonymous, method, path, slug), `${method} ${path} with the slug as a token`).toBe(401);
  }
  // The app's pages send the visitor to sign in.
  for (const path of ['/boards', `/boards/${collection.id}`, `/collections-design/${designPage.id}`, `/design/${shown1.designGuid}`]) {
    await visitor.goto(path);
    await expect(visitor).toHaveURL(/\/login/);
  }

  // A withdrawn link: the page says so, the API answers `stock_page_not_found`, the previews are gone.
  const expectWithdrawn = async (withdrawn: string) => {
    await visitor.goto(`/custom/${withdrawn}`);
    await expect(visitor.getByTestId('stock-not-available')).toContainText('This page is not available (anymore)');
    await expect(visitor.getByTestId('stock-page')).toHaveCount(0);
    const gone = await anonymous.get(`/service/public/stock/${withdrawn}`);
    expect(gone.status()).toBe(404);
    expect(((await gone.json()) as { code: string }).code).toBe('stock_page_not_found');
    expect((await anonymous.get(`/service/public/stock/${withdrawn}/preview/${shown1.designGuid}/${shown1.colorways[0]!.colorwayGuid}`)).status()).toBe(404);
  };

  // Published again for the same company (the dialog warns): a new link, and the old one is withdrawn.
  await stockPages.getByRole('button', { name: 'Publish for a customer' }).click();
  await dialog.getByTestId('stock-customer').getByRole('combobox').fill('Stockroom');
  await page.getByRole('option', { name: stockist.customer, exact: true }).click();
  await expect(dialog).toContainText(`${stockist.customer} already has a page: publishing again gives a new link, and the old one stops working.`);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).not.toHaveAttribute('href', `/custom/${slug}`);
  const rotated = /^\/custom\/([^/?#]+)$/.exec((await row.getByRole('link').getAttribute('href')) ?? '')?.[1];
  if (!rotated) throw new Error('the stock page row has no link after publishing again');
  await expectWithdrawn(slug);
  await visitor.goto(`/custom/${rotated}`);
  await expect(visitor.getByTestId('stock-design')).toHaveCount(onPage.length);

  // The admin revokes the page: its link is withdrawn too.
  await stockPages.getByRole('button', { name: `Revoke the page of ${stockist.customer}` }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`/custom/${rotated}`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The page of ${stockist.customer} was revoked.`)).toBeVisible();
  await expect(stockPages).toContainText('Not published for any customer.');
  await expectWithdrawn(rotated);
  await visitorContext.close();
});
