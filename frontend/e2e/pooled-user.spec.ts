import { expect, test } from '@playwright/test';
import { expectGreeting, signIn } from './support/app';
import { numberPrefix, searchAll, signInApi, type StaffResult } from './support/api';
import { accounts } from './support/env';

const { curator, pooled } = accounts;

type Pool = { uniqueid: string; memberCount: number; designs: string[] };
type UserPage = { items: { userGuid: string; email: string }[] };

test('a pooled user sees exactly the designs of the pool, and nothing outside it', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Staff set up the pool through the API: a number search plus two explicit designs.
  const staff = await signInApi(request, curator.email, curator.password);
  const archive = (await searchAll(staff, { order: '2' })) as StaffResult[];
  const { prefix, admitted } = numberPrefix(archive);
  const outsidePrefix = archive.filter((design) => !design.designName.startsWith(prefix));
  // Explicit designs are admitted whatever the search says (a confined one too, when there is one).
  const extras = [...new Set([outsidePrefix.find((design) => design.isConfined) ?? outsidePrefix[0]!, outsidePrefix.at(-1)!])];
  expect(extras).toHaveLength(2);
  const members = [...admitted, ...extras];
  const memberGuids = new Set(members.map((design) => design.designGuid));
  const outside = archive.find((design) => !memberGuids.has(design.designGuid) && !design.isConfined && design.thumbnail);
  const inside = admitted.find((design) => design.thumbnail);
  if (!outside || !inside) throw new Error('the demo archive should have open designs on both sides of the pool');

  const saved = await staff.postJson<Pool>('/admin/pool/insert', {
    name: `E2E pool ${Date.now()}`,
    description: 'A few designs for the pooled-user journey',
    dtos: [{ designNumber: prefix }],
    extraGuids: extras.map((design) => design.designGuid),
    wearGuids: [],
  });
  expect(saved.memberCount, `the pool admits the "${prefix}" designs and two more`).toBe(members.length);
  const users = await staff.post<UserPage>('/admin/users/get-all', { query: pooled.email, page: 0, pageSize: 25 });
  const userGuid = users.items.find((item) => item.email === pooled.email)?.userGuid;
  if (!userGuid) throw new Error(`${pooled.email} is not in the user list`);
  await staff.post('/admin/pool/assign', { bagId: saved.uniqueid, userGuid });

  // The pooled user signs in and finds the pool's designs, no more, no fewer.
  await signIn(page, pooled.email, pooled.password);
  await expectGreeting(page, pooled.name);
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', String(members.length));
  await expect(page.getByTestId('load-more')).toHaveAttribute('data-state', 'end');
  const shown = page.getByTestId('search-result');
  await expect(shown).toHaveCount(members.length);
  const numbers = await shown.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-design-number') ?? ''));
  expect(numbers.sort()).toEqual(members.map((design) => design.designName).sort());

  // A search inside the pool stays inside it: the number of an outside design finds nothing.
  await page.getByTestId('filter-number').fill(outside.designName);
  await expect(page.getByTestId('result-count')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('results-empty')).toBeVisible();

  // An explicit design opens; a design outside the pool is "not found", by address too.
  const extra = extras[1]!;
  await page.goto(`/design/${extra.designGuid}`);
  await expect(page.getByTestId('design-number')).toHaveText(extra.designName);
  await page.goto(`/design/${outside.designGuid}`);
  await expect(page.getByTestId('design-not-found')).toBeVisible();
  await expect(page.getByTestId('design-page')).toHaveCount(0);
  await page.goto(`/design/${encodeURIComponent(outside.designName)}`);
  await expect(page.getByTestId('design-not-found')).toBeVisible();

  // Images go by the session cookie: the pool's are served, the outside design's are not found.
  const insideImage = await page.request.get(inside.thumbnail!);
  expect(insideImage.status()).toBe(200);
  expect(insideImage.headers()['content-type']).toMatch(/^image\//);
  const outsideImage = await page.request.get(outside.thumbnail!);
  expect(outsideImage.status()).toBe(404);
  expect((await page.request.get(outside.thumbnail!.replace(/\/thumbnail\/d\/v\//, '/preview/').replace(/\?.*$/, ''))).status()).toBe(404);
});
