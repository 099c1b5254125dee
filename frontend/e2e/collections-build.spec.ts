import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { apiOfPage, searchAll, type StaffResult } from './support/api';
import { cardNumbers, collectionDetail, expectImageLoaded, openDesigns } from './support/collections';
import { accounts } from './support/env';
import { jpeg, png } from './support/photo';

const { stylist, shopper } = accounts;

// The customer journey opens what the admin journey built: one after the other, the second skipped if the first fails.
test.describe.configure({ mode: 'serial' });

type Tagged = { design: StaffResult; colorway: number };

/** What the admin built, for the customer to find. */
const built = {
  name: `Resort ${Date.now()}`,
  collectionId: 0,
  moodId: 0,
  pageId: 0,
  /** The photos' tags, photo by photo, in order. */
  tags: [] as Tagged[][],
  /** The design page's groups after the reorder. */
  groups: [] as { name: string; designs: StaffResult[] }[],
};

function label({ design, colorway }: Tagged): string {
  return `${design.designName}/${design.colorways[colorway]!.colorwayName}`;
}

function colorwayGuid({ design, colorway }: Tagged): string {
  return design.colorways[colorway]!.colorwayGuid;
}

/** The id at the end of the admin screen's address (/admin/collections/{id}), once it is not `previous`. */
async function openedId(page: Page, previous?: number): Promise<number> {
  await expect(page).toHaveURL(/\/admin\/collections\/\d+$/);
  if (previous !== undefined) await expect(page).not.toHaveURL(new RegExp(`/admin/collections/${previous}$`));
  return Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

/** A sub-collection of the open collection, through its dialog, then its kind (confirmed: it cannot be undone). */
async function createSub(page: Page, parentId: number, name: string, description: string, kind: 'mood' | 'design'): Promise<number> {
  await page.getByTestId('collection-panel').getByRole('button', { name: 'New sub-collection' }).click();
  const dialog = page.getByRole('dialog', { name: `New sub-collection of ${built.name}` });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const id = await openedId(page, parentId);
  const panel = page.getByTestId('collection-panel');
  await expect(panel).toContainText(`Sub-collection of ${built.name}`);
  await expect(panel).toContainText('Kind not chosen yet');

  const choice = page.getByTestId('kind-choice');
  const button = kind === 'mood' ? 'Make it a mood board' : 'Make it a design page';
  const confirm = page.getByTestId('confirm-dialog');
  // Asked first, and a cancel changes nothing.
  await choice.getByRole('button', { name: button }).click();
  await expect(confirm).toContainText(kind === 'mood' ? `Make ${name} a mood board?` : `Make ${name} a design page?`);
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(choice).toBeVisible();
  await choice.getByRole('button', { name: button }).click();
  await confirm.getByRole('button', { name: button }).click();
  await expect(confirm).toBeHidden();
  await expect(choice).toBeHidden();
  await expect(page.getByTestId(kind === 'mood' ? 'mood-board-editor' : 'groups-editor')).toBeVisible();
  return id;
}

/** Tags the chosen photo with a colorway: types `typed`, then picks the colorway from the autocomplete. */
async function tagByNumber(page: Page, typed: string, tag: Tagged) {
  const editor = page.getByTestId('mood-image-editor');
  const chips = editor.getByTestId('tag-chip');
  const before = await chips.count();
  await editor.getByRole('combobox', { name: 'Add colorway' }).pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: label(tag), exact: true }).click();
  await expect(chips).toHaveCount(before + 1);
  await expect(chips.nth(before)).toContainText(label(tag));
  await expect(editor.getByRole('combobox', { name: 'Add colorway' })).toHaveValue('');
}

/**
 * Drags `source` (a group of the design page) by its handle and drops it on the lower part of
 * `target`, the group just above it: the mouse is driven step by step with both in view, so that
 * nothing scrolls during the drag (a long collections tree makes the page taller than the window).
 */
async function dragGroup(page: Page, source: Locator, target: Locator) {
  await source.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const handle = (await source.getByTitle('Drag to reorder').boundingBox())!;
  const drop = (await target.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(drop.x + drop.width / 2, drop.y + drop.height - 24, { steps: 12 });
  await page.mouse.up();
}

test('an admin builds a collection: a cover, a mood board of two photos with three tagged colorways, a design page of two reordered groups', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, stylist);
  const api = await apiOfPage(page);
  const archive = openDesigns((await searchAll(api, { order: '2' })) as StaffResult[]);
  const withTwo = archive.filter((design) => design.colorways.length >= 2);
  const [a, b] = withTwo;
  const [c, d, e] = archive.filter((design) => design !== a && design !== b);
  if (!a || !b || !c || !d || !e) throw new Error('the demo archive should hold five open designs, two with two colorways');
  const tagA: Tagged = { design: a, colorway: 0 };
  const tagB: Tagged = { design: b, colorway: 1 };
  const tagC: Tagged = { design: c, colorway: 0 };

  // The collection, with a cover image: asked for when missing.
  await page.goto('/admin/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByLabel('Name').fill(built.name);
  await dialog.getByLabel('Description').fill('Sun, sea and linen: the resort season on fabric and as design pages.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Choose a thumbnail image for the collection.')).toBeVisible();
  const cover = png('resort-cover.png', { width: 480, height: 320, colors: [[230, 214, 180], [40, 110, 150], [240, 240, 232]], seed: Date.now() });
  await dialog.getByTestId('thumbnail-input').setInputFiles(cover);
  await expect(dialog.getByTestId('thumbnail-name')).toHaveText('resort-cover.png');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  built.collectionId = await openedId(page);
  const panel = page.getByTestId('collection-panel');
  await expect(panel.getByRole('heading', { name: built.name })).toBeVisible();
  await expectImageLoaded(panel.getByRole('img', { name: `Thumbnail of ${built.name}` }));
  await expect(page.getByTestId('collection-node').filter({ hasText: built.name })).toBeVisible();

  // A mood board.
  built.moodId = await createSub(page, built.collectionId, 'Resort moods', 'Linen and cotton in the sun.', 'mood');
  const moodEditor = page.getByTestId('mood-board-editor');
  await expect(moodEditor).toContainText('No images yet.');

  // Two photos at once (a PNG and a JPEG), sent one after the other with their progress. The first
  // upload's answer is held until the list has shown it uploading and the second waiting.
  const photos = [
    png('beach-linen.png', { width: 640, height: 420, colors: [[214, 196, 160], [60, 130, 170], [250, 246, 236]], seed: Date.now() + 1 }),
    await jpeg(page, 'terrace-cotton.jpg', { width: 600, height: 800, colors: [[245, 240, 225], [200, 80, 60], [50, 120, 90]], seed: Date.now() % 100_000 }),
  ];
  const held: Route[] = [];
  await page.route('**/service/admin/new-collection/create-content', (route) => {
    if (held.length === 0) held.push(route);
    else void route.continue();
  });
  await moodEditor.getByTestId('photo-input').setInputFiles(photos);
  const uploads = moodEditor.getByTestId('photo-upload');
  await expect(uploads).toHaveCount(2);
  await expect(uploads.nth(0)).toHaveAttribute('data-state', 'uploading');
  await expect(uploads.nth(0)).toContainText('beach-linen.png');
  await expect(uploads.nth(0)).toContainText('Uploading…');
  await expect(uploads.nth(1)).toHaveAttribute('data-state', 'waiting');
  await expect(uploads.nth(1)).toContainText('Waiting');
  await expect.poll(() => held.length).toBe(1);
  await held[0]!.continue();
  for (const [index, photo] of photos.entries()) {
    await expect(uploads.nth(index)).toHaveAttribute('data-state', 'done');
    await expect(uploads.nth(index)).toContainText('Uploaded');
    await expect(uploads.nth(index).getByRole('progressbar', { name: `Upload of ${photo.name}` })).toHaveAttribute('aria-valuenow', '100');
  }
  await page.unroute('**/service/admin/new-collection/create-content');
  const thumbs = moodEditor.getByTestId('mood-image-thumb');
  await expect(thumbs).toHaveCount(2);
  for (const thumb of await thumbs.all()) await expectImageLoaded(thumb.locator('img'));

  // Three colorways by number with the autocomplete: two on the first photo, one on the second.
  const imageEditor = page.getByTestId('mood-image-editor');
  await expect(imageEditor).toContainText('Image 1');
  await expect(imageEditor.getByTestId('tag-hint')).toHaveText('No colorway is tagged on this image yet.');
  await expectImageLoaded(imageEditor.getByRole('img', { name: 'Mood image 1' }));
  // A design number and the start of a colorway name, then the colorway picked from the list.
  await tagByNumber(page, `${a.designName}/${a.colorways[0]!.colorwayName.slice(0, 2)}`, tagA);
  await tagByNumber(page, label(tagB), tagB);
  // The first tag marked on the image: chosen, then a click where its fabric is.
  await imageEditor.getByTestId('tag-chip').filter({ hasText: label(tagA) }).click();
  await expect(imageEditor.getByTestId('tag-hint')).toHaveText(`Click on the image where ${label(tagA)} is.`);
  const large = imageEditor.getByTestId('mood-image-large');
  const box = (await large.boundingBox())!;
  await large.click({ position: { x: box.width * 0.3, y: box.height * 0.6 } });
  await expect(imageEditor.getByTestId('tag-marker')).toHaveCount(1);
  await expect(imageEditor.getByTestId('tag-marker')).toHaveAttribute('title', label(tagA));
  await expect(thumbs.nth(0)).toHaveAccessibleName('Image 1, 2 tags');

  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(imageEditor).toContainText('Image 2');
  await tagByNumber(page, `${c.designName}/`, tagC);
  await expect(thumbs.nth(1)).toHaveAccessibleName('Image 2, 1 tag');

  const mood = await collectionDetail(api, built.moodId);
  expect(mood.images?.map((image) => image.colorways.map((tag) => tag.colorwayGuid))).toEqual([[colorwayGuid(tagA), colorwayGuid(tagB)], [colorwayGuid(tagC)]]);
  const point = mood.images![0]!.colorways[0]!;
  expect(point.x).toBeCloseTo(0.3, 1);
  expect(point.y).toBeCloseTo(0.6, 1);
  built.tags = [[tagA, tagB], [tagC]];

  // A design page, from the collection in the tree.
  await page.getByTestId('collection-node').filter({ hasText: built.name }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/collections/${built.collectionId}$`));
  await expect(panel.getByRole('link', { name: /Resort moods/ })).toContainText('Mood board · 2 images');
  built.pageId = await createSub(page, built.collectionId, 'Resort designs', 'The designs of the season.', 'design');
  const groups = page.getByTestId('groups-editor');
  await expect(groups).toContainText('No groups yet.');

  // Two groups, each with designs found by number.
  for (const name of ['Florals', 'Geometrics']) {
    await groups.getByLabel('New group name').fill(name);
    await groups.getByRole('button', { name: 'Add group' }).click();
  }
  const addDesign = async (group: string, design: StaffResult) => {
    const section = groups.getByRole('region', { name: group });
    await section.getByRole('combobox', { name: 'Add a design by number' }).pressSequentially(design.designName, { delay: 20 });
    await page.getByRole('option', { name: new RegExp(`^${design.designName}( |$)`) }).click();
    await expect(section.getByTestId('group-design').filter({ hasText: design.designName })).toBeVisible();
  };
  await addDesign('Group 1: Florals', d);
  await addDesign('Group 1: Florals', e);
  await addDesign('Group 2: Geometrics', a);
  await expect(groups.getByTestId('groups-unsaved')).toBeVisible();

  // Geometrics dragged by its handle onto Florals (it takes Florals' place); within Florals, the second design moved up.
  await dragGroup(page, groups.getByRole('region', { name: 'Group 2: Geometrics' }), groups.getByRole('region', { name: 'Group 1: Florals' }));
  await expect(groups.getByRole('region', { name: 'Group 1: Geometrics' })).toBeVisible();
  const florals = groups.getByRole('region', { name: 'Group 2: Florals' });
  await florals.getByRole('button', { name: `Move ${e.designName} up` }).click();
  await expect(florals.getByTestId('group-design')).toHaveText([e.designName, d.designName]);
  await groups.getByRole('button', { name: 'Save groups' }).click();
  await expect(page.getByText('The groups were saved.')).toBeVisible();
  await expect(groups.getByTestId('groups-unsaved')).toBeHidden();

  const designPage = await collectionDetail(api, built.pageId);
  expect(designPage.groups?.map((group) => [group.name, group.designs.map((design) => design.designName)])).toEqual([
    ['Geometrics', [a.designName]],
    ['Florals', [e.designName, d.designName]],
  ]);
  built.groups = [
    { name: 'Geometrics', designs: [a] },
    { name: 'Florals', designs: [e, d] },
  ];

  // After a reload the screen shows what was saved.
  await page.reload();
  await expect(groups.getByTestId('design-group')).toHaveCount(2);
  await expect(groups.getByRole('region', { name: 'Group 1: Geometrics' }).getByTestId('group-design')).toHaveText([a.designName]);
  await expect(groups.getByRole('region', { name: 'Group 2: Florals' }).getByTestId('group-design')).toHaveText([e.designName, d.designName]);
});

test('a customer opens the collection on the boards, its mood board, a photo, a tagged colorway and the design page, and filters the archive by it', async ({ page }) => {
  test.setTimeout(120_000);
  expect(built.pageId, 'the admin journey built the collection').toBeGreaterThan(0);
  const [[tagA, tagB], [tagC]] = built.tags as [[Tagged, Tagged], [Tagged]];
  const designs = new Map([...built.tags.flat().map((tag) => tag.design), ...built.groups.flatMap((group) => group.designs)].map((design) => [design.designGuid, design]));

  await signIn(page, shopper.email, shopper.password);
  await expectGreeting(page, shopper.name);

  // Boards: the new collection beside the demo's, with its cover.
  await page.getByTestId('nav-boards').click();
  await expect(page).toHaveURL(/\/boards$/);
  await expect(page.getByTestId('collection-card').filter({ hasText: 'Spring / Summer' })).toBeVisible();
  const card = page.getByTestId('collection-card').filter({ hasText: built.name });
  await expect(card.getByTestId('collection-card-meta')).toHaveText('2 sub-collections');
  await expectImageLoaded(card.locator('img'));
  await card.getByRole('link').click();

  // The collection: its mood board and its design page, with what each holds.
  await expect(page).toHaveURL(new RegExp(`/boards/${built.collectionId}$`));
  const board = page.getByTestId('collection-board');
  await expect(board.getByRole('heading', { name: built.name })).toBeVisible();
  const subs = board.getByTestId('sub-collection-card');
  await expect(subs).toHaveCount(2);
  await expect(subs.filter({ hasText: 'Resort moods' }).getByTestId('sub-collection-card-meta')).toHaveText('Mood board · 2 images');
  await expect(subs.filter({ hasText: 'Resort designs' }).getByTestId('sub-collection-card-meta')).toHaveText('Design page · 3 designs');
  await subs.filter({ hasText: 'Resort moods' }).getByRole('link').click();

  // The mood board: two photos.
  await expect(page).toHaveURL(new RegExp(`/board-moods/${built.moodId}$`));
  await expect(page.getByTestId('mood-board-count')).toHaveText('2 images');
  const photos = page.getByTestId('mood-image');
  await expect(photos).toHaveCount(2);
  for (const photo of await photos.all()) await expectImageLoaded(photo.locator('img'));
  await photos.first().getByRole('link').click();

  // The first photo: its two colorways in order, the first marked on the image.
  await expect(page).toHaveURL(new RegExp(`/collections-mood-detail/${built.moodId}/\\d+$`));
  const detail = page.getByTestId('mood-detail');
  await expect(detail.getByTestId('mood-position')).toHaveText('1 / 2');
  await expectImageLoaded(detail.getByTestId('mood-large').locator('img'));
  const colorways = detail.getByTestId('mood-colorway');
  await expect(colorways).toHaveCount(2);
  await expect(colorways.nth(0)).toContainText(tagA.design.designName);
  await expect(colorways.nth(0)).toContainText(tagA.design.colorways[tagA.colorway]!.colorwayName);
  await expect(colorways.nth(1)).toContainText(tagB.design.designName);
  await expect(colorways.nth(1)).toContainText(`${tagB.design.colorways[tagB.colorway]!.colorwayName} · not marked on the image`);
  const points = detail.getByTestId('mood-point');
  await expect(points).toHaveCount(1);
  await expect(points).toHaveAccessibleName(`1: ${tagA.design.designName} ${tagA.design.colorways[tagA.colorway]!.colorwayName}`);

  // The next photo by its button, and back with the arrow key.
  await detail.getByTestId('mood-next').click();
  await expect(page.getByTestId('mood-position')).toHaveText('2 / 2');
  await expect(page.getByTestId('mood-colorway')).toHaveCount(1);
  await expect(page.getByTestId('mood-colorway')).toContainText(tagC.design.designName);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('mood-position')).toHaveText('1 / 2');

  // A tagged colorway opens the design page on that colorway; so does the point on the image.
  await colorways.nth(1).click();
  await expect(page).toHaveURL(`/design/${tagB.design.designGuid}/${colorwayGuid(tagB)}`);
  await expect(page.getByTestId('design-number')).toHaveText(tagB.design.designName);
  await expect(page.getByTestId('active-colorway')).toHaveAttribute('data-colorway-guid', colorwayGuid(tagB));
  await page.goBack();
  await expect(page.getByTestId('mood-position')).toHaveText('1 / 2');
  await page.getByTestId('mood-point').click();
  await expect(page).toHaveURL(`/design/${tagA.design.designGuid}/${colorwayGuid(tagA)}`);
  await expect(page.getByTestId('active-colorway')).toHaveAttribute('data-colorway-guid', colorwayGuid(tagA));

  // The design page: the groups in the order saved, each with the archive's cards in its order.
  await page.goto(`/boards/${built.collectionId}`);
  await page.getByTestId('sub-collection-card').filter({ hasText: 'Resort designs' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/collections-design/${built.pageId}$`));
  const groups = page.getByTestId('design-group');
  await expect(groups).toHaveCount(2);
  for (const [index, group] of built.groups.entries()) {
    await expect(groups.nth(index)).toHaveAttribute('data-group', group.name);
    await expect(groups.nth(index).getByTestId('search-result')).toHaveCount(group.designs.length);
    expect(await cardNumbers(groups.nth(index).getByTestId('search-result'))).toEqual(group.designs.map((design) => design.designName));
  }

  // The archive filtered by the collection: exactly its designs (tagged and grouped); by the mood board: its tagged ones.
  await page.getByTestId('nav-archive').click();
  await page.getByTestId('more-filters').click();
  const drawer = page.getByTestId('filter-drawer');
  await drawer.getByTestId('filter-collection').selectOption(String(built.collectionId));
  await expect(page).toHaveURL(new RegExp(`[?&]collection=${built.collectionId}(&|$)`));
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(designs.size));
  await drawer.getByRole('button', { name: 'Close filters' }).click();
  const cards = page.getByTestId('search-result');
  await expect(cards).toHaveCount(designs.size);
  expect((await cardNumbers(cards)).sort()).toEqual([...designs.values()].map((design) => design.designName).sort());

  await page.getByTestId('more-filters').click();
  await drawer.getByTestId('filter-collection').selectOption(String(built.moodId));
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', '3');
  await drawer.getByRole('button', { name: 'Close filters' }).click();
  await expect(cards).toHaveCount(3);
  expect((await cardNumbers(cards)).sort()).toEqual([tagA, tagB, tagC].map((tag) => tag.design.designName).sort());
});
