import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { signInAsAdmin } from './support/app';
import { accounts, desenBin, e2eDir, serverEnv } from './support/env';

const { designer } = accounts;
const sampleNames = ['rose_VR1.tif', 'rose_VR2.tif', 'paisley.psb', 'not-really.tif'] as const;
type Sample = (typeof sampleNames)[number];

/** `desen sample-files <dir>`: two colorways of one design, a multichannel PSB, and a PNG renamed .tif. */
function writeSampleFiles(): Record<Sample, string> {
  const dir = mkdtempSync(path.join(e2eDir(), 'samples-'));
  execFileSync(desenBin, ['sample-files', dir], { env: { ...process.env, ...serverEnv() }, stdio: ['ignore', 'pipe', 'inherit'] });
  const files = Object.fromEntries(sampleNames.map((name) => [name, path.join(dir, name)])) as Record<Sample, string>;
  for (const [name, file] of Object.entries(files)) {
    if (!existsSync(file)) throw new Error(`\`desen sample-files\` did not write ${name} into ${dir}`);
  }
  return files;
}

/** Every image has loaded from the server (not just an element with a src). */
async function expectLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)), { message: 'a thumbnail did not load' })
      .toBeGreaterThan(0);
  }
}

test('staff import designs from production files and edit the new design', async ({ page }) => {
  // Real files go through the real pipeline: processing takes a while.
  test.setTimeout(240_000);
  const samples = writeSampleFiles();

  await signInAsAdmin(page, designer);
  await page.getByRole('navigation').getByText('Design Import & Edit').click();
  await expect(page).toHaveURL(/\/admin\/design$/);
  await expect(page.getByRole('heading', { name: 'Design import and edit' })).toBeVisible();
  await expect(page.getByTestId('import-stepper')).toHaveAttribute('data-step', 'upload');

  // The archive: the server seeds a default one at start-up.
  const archive = page.getByTestId('archive-select');
  await expect(archive.locator('option:not([value=""])'), 'the archive list is empty: the server should seed a default archive at start-up').not.toHaveCount(0);
  await archive.selectOption({ index: 1 });

  // Upload four files; the PNG named .tif is refused by content, the others stay in the job.
  await page.getByTestId('file-input').setInputFiles([samples['rose_VR1.tif'], samples['rose_VR2.tif'], samples['paisley.psb'], samples['not-really.tif']]);
  await page.getByRole('button', { name: 'Upload files (4)' }).click();
  const refusal = page.getByTestId('refusal').filter({ hasText: 'not-really.tif' });
  await expect(refusal).toHaveAttribute('data-code', 'not_an_image');
  await expect(refusal).toContainText('This file is not a TIFF, PSD or PSB image, whatever its name says.');
  const jobFiles = page.getByTestId('import-file');
  await expect(jobFiles).toHaveCount(3);
  await expect(page.getByTestId('job-state')).toHaveAttribute('data-state', 'uploading');

  // The same file again into the same job: refused as a duplicate.
  await page.getByTestId('file-input').setInputFiles([samples['rose_VR1.tif']]);
  const again = page.getByTestId('chosen-file').filter({ hasText: 'rose_VR1.tif' });
  await expect(again).toHaveAttribute('data-refusal', 'duplicate_file');
  await expect(again).toContainText('The same file cannot be uploaded twice.');
  await expect(page.getByRole('button', { name: 'Upload files (0)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear' }).click();

  // Processing, with progress, until every file is processed.
  await page.getByRole('button', { name: 'Process files (3)' }).click();
  // Small samples may be done before the first poll: then the merge step is already there.
  await expect(page.getByTestId('job-progress').or(page.getByTestId('step-merge'))).toBeVisible();
  await expect(page.getByTestId('step-merge')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('import-file'), 'no file may fail processing').toHaveCount(0);

  // The proposal: the two rose colorways are one design, paisley another. Confirm and number.
  const groups = page.getByTestId('merge-group');
  await expect(groups).toHaveCount(2);
  const rose = groups.filter({ has: page.locator('[data-name="rose_VR1.tif"]') });
  await expect(rose.getByTestId('merge-file')).toHaveCount(2);
  await expect(rose.locator('[data-name="rose_VR2.tif"]')).toBeVisible();
  await expectLoaded(page.getByTestId('step-merge').getByTestId('thumbnail'), 3);
  const merged = page.waitForResponse((response) => response.url().includes('/service/design/merge-internal'));
  // "Merge again" if the server already applied the proposal when processing.
  await page.getByRole('button', { name: /^(Confirm merge|Merge again)$/ }).click();
  expect((await merged).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Merge again' })).toBeVisible();
  await page.getByRole('button', { name: 'Number designs' }).click();
  await expect(page.getByTestId('merge-group-title')).toHaveText([/^\d{2}-\d{4}$/, /^\d{2}-\d{4}$/]);
  await page.getByRole('button', { name: 'Number colorways' }).click();
  await expect(rose.getByTestId('colorway-name')).toHaveText(['VR-1', 'VR-2']);
  await page.getByRole('button', { name: 'Next: add to archive' }).click();

  // Add to the archive, after a confirmation: two designs, the rose one with VR-1 and VR-2.
  await page.getByTestId('step-add').getByRole('button', { name: 'Add to archive' }).click();
  await page.getByRole('dialog', { name: 'Add to the archive?' }).getByRole('button', { name: 'Add to archive' }).click();
  const designs = page.getByTestId('imported-design');
  await expect(designs).toHaveCount(2);
  const roseDesign = designs.filter({ hasText: 'VR-2' });
  await expect(roseDesign.getByTestId('imported-colorway')).toHaveText(['VR-1', 'VR-2']);
  const roseNumber = (await roseDesign.getAttribute('data-name')) ?? '';
  expect(roseNumber).toMatch(/^\d{2}-\d{4}$/);
  await page.getByRole('button', { name: 'Finish the transfer' }).click();
  await expect(page.getByTestId('import-done')).toBeVisible();

  // The new design opens in the edit modal: facts, thumbnails, and the edit saved.
  await page.getByTestId('import-result').getByRole('button', { name: `Edit design ${roseNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Design edit · ${roseNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('design-colorway')).toHaveCount(2);
  await expectLoaded(dialog.getByTestId('design-facts').getByTestId('thumbnail'), 2);

  await dialog.getByLabel('Studio', { exact: true }).fill('E2E Studio');
  await dialog.getByLabel('Notes', { exact: true }).fill('Checked by the import journey');
  await dialog.getByLabel('Labels', { exact: true }).click();
  const option = page.getByRole('listbox').getByRole('option').first();
  await expect(option, 'no labels to choose: GET /admin/get/all-labels answered none').toBeVisible();
  const label = ((await option.textContent()) ?? '').trim();
  await option.click();

  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/design/header/'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  const header = (await answer.json()) as { designStudio: string; notes: string; labels: { label: string }[] };
  expect(header.designStudio).toBe('E2E Studio');
  expect(header.notes).toBe('Checked by the import journey');
  expect(header.labels.map((item) => item.label)).toContain(label);
  await expect(page.getByTestId('toast').filter({ hasText: 'The design was saved.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The design list finds the design with its new studio.
  await page.getByLabel('Search by number, original name, studio or notes').fill(roseNumber);
  const row = page.getByTestId('design-row').filter({ hasText: roseNumber });
  await expect(row).toContainText('E2E Studio');
  await expectLoaded(row.getByTestId('thumbnail'), 1);
});
