import { expect, test } from '@playwright/test';
import { expectGreeting, signIn } from './support/app';
import { searchAll, signInApi, type StaffResult } from './support/api';
import { cardNumbers, collectionDetail, createCollection, openDesigns, setGroups, tagColorway, uploadPhoto, type Board } from './support/collections';
import { accounts } from './support/env';
import { png } from './support/photo';

const { archivist, selector } = accounts;

type Pool = { uniqueid: string; memberCount: number };
type UserPage = { items: { userGuid: string; email: string }[] };

test('a pooled user sees only the pool’s designs on the boards: counts, photos and their tags, design page cards, the collection filter', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Staff set up, through the API, a collection whose designs lie on both sides of a pool.
  const staff = await signInApi(request, archivist.email, archivist.password);
  const archive = openDesigns((await searchAll(staff, { order: '2' })) as StaffResult[]);
  const [in1, in2, in3, out1, out2, out3, out4] = archive;
  if (!out4 || !in1 || !in2 || !in3 || !out1 || !out2 || !out3) throw new Error('the demo archive should hold seven open designs');
  const pooled = [in1, in2, in3];

  const name = `Pool season ${Date.now()}`;
  const collection = await createCollection(staff, {
    name,
    description: 'Some for the pool, some not.',
    cover: png('pool-cover.png', { width: 300, height: 200, colors: [[200, 60, 60], [240, 230, 210]], seed: Date.now() }),
  });
  const mood = await createCollection(staff, { name: 'Pool moods', description: 'Photos on both sides of the pool.', parentId: collection.id, kind: 'mood' });
  const photo = (seed: number) => png(`pool-${seed}.png`, { width: 200, height: 150, colors: [[30, 90, 160], [220, 200, 120], [250, 250, 250]], seed: Date.now() + seed });
  // Photo 1: a pooled colorway (marked) and an outside one; photo 2: outside ones only; photo 3: a pooled one.
  const photo1 = await uploadPhoto(staff, mood.id, photo(1));
  await tagColorway(staff, photo1.id, in1, { x: 0.25, y: 0.5 });
  await tagColorway(staff, photo1.id, out1, { x: 0.75, y: 0.5 });
  const photo2 = await uploadPhoto(staff, mood.id, photo(2));
  await tagColorway(staff, photo2.id, out2);
  const photo3 = await uploadPhoto(staff, mood.id, photo(3));
  await tagColorway(staff, photo3.id, in2);
  const designPage = await createCollection(staff, { name: 'Pool designs', description: 'A mixed group and an outside one.', parentId: collection.id, kind: 'design' });
  await setGroups(staff, designPage.id, [
    { name: 'Mixed', designs: [out3, in1, in3] },
    { name: 'Outside', designs: [out4] },
  ]);

  // Staff see all of it.
  const everything = await staff.post<Board>('/collections/get', { id: collection.id });
  expect(everything.subCollections.map((sub) => [sub.name, sub.itemCount])).toEqual([
    ['Pool moods', 3],
    ['Pool designs', 4],
  ]);

  // The pool: the three designs, for the selector.
  const pool = await staff.postJson<Pool>('/admin/pool/insert', {
    name: `Boards pool ${Date.now()}`,
    description: 'Three designs for the pooled boards journey',
    dtos: [],
    extraGuids: pooled.map((design) => design.designGuid),
    wearGuids: [],
  });
  expect(pool.memberCount).toBe(3);
  const users = await staff.post<UserPage>('/admin/users/get-all', { query: selector.email, page: 0, pageSize: 25 });
  const userGuid = users.items.find((item) => item.email === selector.email)?.userGuid;
  if (!userGuid) throw new Error(`${selector.email} is not in the user list`);
  await staff.post('/admin/pool/assign', { bagId: pool.uniqueid, userGuid });

  await signIn(page, selector.email, selector.password);
  await expectGreeting(page, selector.name);

  // The boards count what the pool admits: two photos (the one of outside fabrics only is left out), two designs.
  await page.getByTestId('nav-boards').click();
  const card = page.getByTestId('collection-card').filter({ hasText: name });
  await expect(card.getByTestId('collection-card-meta')).toHaveText('2 sub-collections');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/boards/${collection.id}$`));
  const subs = page.getByTestId('sub-collection-card');
  await expect(subs.filter({ hasText: 'Pool moods' }).getByTestId('sub-collection-card-meta')).toHaveText('Mood board · 2 images');
  await expect(subs.filter({ hasText: 'Pool designs' }).getByTestId('sub-collection-card-meta')).toHaveText('Design page · 2 designs');

  // The mood board: photos 1 and 3.
  await subs.filter({ hasText: 'Pool moods' }).getByRole('link').click();
  await expect(page.getByTestId('mood-board-count')).toHaveText('2 images');
  const photos = page.getByTestId('mood-image');
  await expect(photos).toHaveCount(2);
  expect(await photos.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-id'))))).toEqual([photo1.id, photo3.id]);

  // Photo 1 shows the pooled colorway only, as a tag and as a point.
  await photos.first().getByRole('link').click();
  await expect(page.getByTestId('mood-position')).toHaveText('1 / 2');
  await expect(page.getByTestId('mood-colorway')).toHaveCount(1);
  await expect(page.getByTestId('mood-colorway')).toContainText(in1.designName);
  await expect(page.getByTestId('mood-point')).toHaveCount(1);
  await expect(page.getByTestId('mood-point')).toHaveAccessibleName(`1: ${in1.designName} ${in1.colorways[0]!.colorwayName}`);
  await page.getByTestId('mood-next').click();
  await expect(page.getByTestId('mood-position')).toHaveText('2 / 2');
  await expect(page.getByTestId('mood-colorway')).toHaveCount(1);
  await expect(page.getByTestId('mood-colorway')).toContainText(in2.designName);

  // Photo 2, by address: not on the board for this user, and its image files are not served.
  await page.goto(`/collections-mood-detail/${mood.id}/${photo2.id}`);
  await expect(page.getByTestId('mood-image-not-found')).toBeVisible();
  const stored = await collectionDetail(staff, mood.id);
  const [seen, hidden] = [stored.images![0]!, stored.images![1]!];
  expect((await page.request.get(seen.thumbnailUri)).status()).toBe(200);
  expect((await page.request.get(hidden.thumbnailUri)).status()).toBe(404);
  expect((await page.request.get(hidden.largeImageUri)).status()).toBe(404);

  // The design page: the mixed group's pooled designs in the group's order; the outside group says it has none for this user.
  await page.goto(`/collections-design/${designPage.id}`);
  const groups = page.getByTestId('design-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0)).toHaveAttribute('data-group', 'Mixed');
  await expect(groups.nth(0).getByTestId('search-result')).toHaveCount(2);
  expect(await cardNumbers(groups.nth(0).getByTestId('search-result'))).toEqual([in1.designName, in3.designName]);
  await expect(groups.nth(1)).toHaveAttribute('data-group', 'Outside');
  await expect(groups.nth(1).getByTestId('design-group-empty')).toHaveText('No design of this group is visible to you.');

  // The archive filtered by the collection: the three pooled designs of its seven.
  await page.getByTestId('nav-archive').click();
  await page.getByTestId('more-filters').click();
  await page.getByTestId('filter-drawer').getByTestId('filter-collection').selectOption(String(collection.id));
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', '3');
  await page.getByTestId('filter-drawer').getByRole('button', { name: 'Close filters' }).click();
  const cards = page.getByTestId('search-result');
  await expect(cards).toHaveCount(3);
  expect((await cardNumbers(cards)).sort()).toEqual(pooled.map((design) => design.designName).sort());
});
