import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { designHeader, search, signInApi } from './support/api';
import { expectGreeting, signIn } from './support/app';
import { accounts, e2eDir } from './support/env';

const { cutter, collector } = accounts;

/** The channel names a PSD/PSB lists in its image resource 1045 (Unicode: a length, then UTF-16BE). */
function psdChannelNames(file: Buffer): string[] {
  expect(file.subarray(0, 4).toString('latin1')).toBe('8BPS');
  let at = 26;
  at += 4 + file.readUInt32BE(at); // colour mode data
  const end = at + 4 + file.readUInt32BE(at);
  at += 4;
  while (at < end) {
    expect(file.subarray(at, at + 4).toString('latin1')).toBe('8BIM');
    const id = file.readUInt16BE(at + 4);
    const nameLength = file[at + 6]!;
    at += 6 + ((nameLength + 2) & ~1);
    const size = file.readUInt32BE(at);
    const data = file.subarray(at + 4, at + 4 + size);
    at += 4 + ((size + 1) & ~1);
    if (id !== 1045) continue;
    const names: string[] = [];
    for (let i = 0; i < data.length; ) {
      const units = data.readUInt32BE(i);
      const utf16 = Buffer.from(data.subarray(i + 4, i + 4 + units * 2)).swap16();
      names.push(utf16.toString('utf16le').replace(/\0+$/, ''));
      i += 4 + units * 2;
    }
    return names;
  }
  throw new Error('no channel names in the PSD');
}

async function openDesign(page: Page, designGuid: string) {
  await page.goto(`/design/${designGuid}`);
  await expect(page.getByTestId('design-page')).toBeVisible();
}

test('an admitted company downloads production files; another company sees no CAD button and is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await signInApi(request, cutter.email, cutter.password);
  const [digital] = (await search(api, { type: 'digital' }, 0, 1)).results;
  const [rotary] = (await search(api, { type: 'rotary' }, 0, 1)).results;
  expect(digital && rotary, 'the demo archive holds a digital and a rotary design').toBeTruthy();

  await signIn(page, cutter.email, cutter.password);
  await expectGreeting(page, cutter.name);

  // A digital design's production file is the file as imported, byte for byte: the archive keeps
  // originals under their SHA-256.
  await openDesign(page, digital!.designGuid);
  await page.getByTestId('cad-download').click();
  const digitalDownload = page.waitForEvent('download');
  await page.getByTestId('cad-format-production').click();
  const digitalFile = await digitalDownload;
  expect(digitalFile.suggestedFilename()).toMatch(new RegExp(`^${digital!.designName}_`));
  const bytes = readFileSync((await digitalFile.path())!);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const extension = path.extname(digitalFile.suggestedFilename());
  expect(existsSync(path.join(e2eDir(), 'objects', 'originals', hash.slice(0, 2), `${hash}${extension}`))).toBe(true);

  // A rotary design's production file: a multichannel PSD whose screens carry the imported names.
  const header = (await designHeader(api, rotary!.designGuid)) as unknown as { colorways: { colorizables: { name: string }[] }[] };
  await openDesign(page, rotary!.designGuid);
  await page.getByTestId('cad-download').click();
  const rotaryDownload = page.waitForEvent('download');
  await page.getByTestId('cad-format-production').click();
  const rotaryFile = await rotaryDownload;
  expect(rotaryFile.suggestedFilename()).toMatch(/\.ps[db]$/);
  const names = psdChannelNames(readFileSync((await rotaryFile.path())!));
  expect(names).toEqual(header.colorways[0]!.colorizables.map((c) => c.name));

  // Every colorway of the design as one zip, built in the background, then a link.
  await page.getByTestId('cad-download-all').click();
  await page.getByTestId('cad-format-original').click();
  const link = page.getByTestId('cad-bundle-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const zipDownload = page.waitForEvent('download');
  await link.click();
  const zip = readFileSync((await (await zipDownload).path())!);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');

  // Another company's user: no CAD button, and the route refuses.
  const other = await signInApi(request, collector.email, collector.password);
  const [theirs] = (await search(other, { type: 'digital' }, 0, 1)).results;
  const page2 = await page.context().browser()!.newPage();
  await signIn(page2, collector.email, collector.password);
  await expectGreeting(page2, collector.name);
  await openDesign(page2, theirs!.designGuid);
  await expect(page2.getByTestId('add-to-list')).toBeVisible();
  await expect(page2.getByTestId('cad-download')).toHaveCount(0);
  await expect(page2.getByTestId('cad-download-all')).toHaveCount(0);
  const refused = await other
    .post('/cad/download', { cadId: '1', designGuid: theirs!.designGuid, colorwayGuid: theirs!.colorways[0]!.colorwayGuid, wearGuid: '' })
    .catch((error: Error) => error.message);
  expect(String(refused)).toContain('403');
  expect(String(refused)).toContain('cad_not_allowed');
  await page2.close();
});
