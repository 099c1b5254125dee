import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseLanguage, signInAsAdmin } from './support/app';
import { textFit } from './support/fit';
import { languages, text } from './support/locale';
import { signInApi, type Api } from './support/api';
import { accounts, e2eDir } from './support/env';
import { writeTiff } from './support/tiff';

/**
 * An import ends on its Done step, also when the wizard resumed the job (the page was reloaded):
 * a completed job leaves the open-jobs list, and the wizard used to fall back to step 1. The files
 * are made here, unique to the run (the archive refuses a file it holds, by content). Needs an
 * admin with its own authenticator and the archive the server seeds.
 */
const { importer } = accounts;

type OpenJob = { jobId: string | number; state: string };

/** Leaves no open job behind for the other import journeys (which start from step 1). */
async function closeOpenJobs(api: Api) {
  for (const job of await api.get<OpenJob[]>('/design/import')) {
    const jobId = String(job.jobId);
    if (job.state === 'added') await api.post('/design/complete-transfer', { jobId });
    else {
      if (job.state !== 'cancelled') await api.post('/design/cancel', { jobId }).catch(() => undefined);
      await api.post('/design/dispose', { jobId });
    }
  }
}

test.use({ viewport: { width: 1440, height: 900 } });

test.afterEach(async ({ request }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await closeOpenJobs(await signInApi(request, importer.email, importer.password));
});

test('an import resumed after a reload ends on its Done step, with what was added and a new import', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(e2eDir(), 'import-done-'));
  const run = Date.now();
  const base = `e2e${run}`;
  const files = [
    path.join(dir, `${base}_VR1.tif`),
    path.join(dir, `${base}_VR2.tif`),
  ];
  writeTiff(files[0]!, { width: 900, height: 600, colors: [[192, 48, 64], [240, 234, 216], [32, 42, 68]], seed: run });
  writeTiff(files[1]!, { width: 900, height: 600, colors: [[26, 35, 126], [240, 234, 216], [46, 125, 50]], seed: run + 1 });

  await signInAsAdmin(page, importer);
  await page.goto('/admin/design');
  await expect(page.getByTestId('import-stepper')).toHaveAttribute('data-step', 'upload');
  await expect(page.getByRole('button', { name: 'Upload files (0)' }), 'nothing chosen, nothing to upload').toBeDisabled();
  const archive = page.getByTestId('archive-select');
  await expect(archive.locator('option:not([value=""])')).not.toHaveCount(0);
  await archive.selectOption({ index: 1 });
  const archiveName = ((await archive.locator('option:checked').textContent()) ?? '').replace(/^\S+ · /, '').trim();

  await page.getByTestId('file-input').setInputFiles(files);
  const uploaded = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/design/import'));
  await page.getByRole('button', { name: 'Upload files (2)' }).click();
  const job = (await (await uploaded).json()) as { jobId: string | number };
  await expect(page.getByTestId('import-file')).toHaveCount(2);

  // The job is named by its archive and start time, not by its id.
  const info = page.getByTestId('job-info');
  await expect(info).toContainText(`${archiveName} · `);
  await expect(info).not.toContainText(String(job.jobId));

  // Reloaded: the wizard resumes the open job (the path that used to end on step 1).
  await page.reload();
  await expect(info).toContainText(`${archiveName} · `);
  await page.getByRole('button', { name: 'Process files (2)' }).click();
  await expect(page.getByTestId('step-merge')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('merge-group')).toHaveCount(1);
  await page.getByRole('button', { name: /^(Confirm merge|Merge again)$/ }).click();
  await expect(page.getByRole('button', { name: 'Merge again' })).toBeVisible();
  await page.getByRole('button', { name: 'Number designs' }).click();
  await expect(page.getByTestId('merge-group-title')).toHaveText([/^\d{2}-\d{4}$/]);
  await page.getByRole('button', { name: 'Number colorways' }).click();
  await expect(page.getByTestId('colorway-name')).toHaveText(['VR-1', 'VR-2']);
  await page.getByRole('button', { name: 'Next: add to archive' }).click();
  await page.getByTestId('step-add').getByRole('button', { name: 'Add to archive' }).click();
  await page.getByRole('dialog', { name: 'Add to the archive?' }).getByRole('button', { name: 'Add to archive' }).click();
  const added = page.getByTestId('imported-design');
  await expect(added).toHaveCount(1);
  const number = (await added.getAttribute('data-name')) ?? '';

  // Finished: the Done step, and it stays there once the open-jobs list no longer has the job.
  const openJobs = page.waitForResponse((response) => response.request().method() === 'GET' && /\/service\/design\/import$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Finish the transfer' }).click();
  await expect(page.getByTestId('import-done')).toBeVisible();
  expect(((await (await openJobs).json()) as OpenJob[]).map((open) => String(open.jobId))).not.toContain(String(job.jobId));
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('import-stepper')).toHaveAttribute('data-step', 'done');
  await expect(page.getByTestId('import-done')).toContainText(archiveName);
  await expect(page.getByTestId('import-result').getByTestId('imported-design')).toHaveAttribute('data-name', number);
  await expect(page.getByTestId('import-result').getByTestId('imported-colorway')).toHaveText(['VR-1', 'VR-2']);

  // The Done step in every language, on a desktop and on a phone: its title and its way on fit.
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(viewport);
    for (const language of languages) {
      await chooseLanguage(page, language);
      await expect(page.getByTestId('import-done')).toContainText(text(language, 'design-admin', 'done.title', { archive: '' }).split(':')[0]!);
      const newImport = page.getByRole('button', { name: text(language, 'design-admin', 'done.newImport') });
      await expect(newImport).toBeVisible();
      const fit = await textFit(newImport);
      expect(fit.scrollWidth, `${language} ${viewport.width}px: ${fit.text}`).toBeLessThanOrEqual(fit.clientWidth);
    }
  }

  // The way on: a new import, from step 1.
  await chooseLanguage(page, 'en');
  await page.getByRole('button', { name: 'Start a new import' }).click();
  await expect(page.getByTestId('import-stepper')).toHaveAttribute('data-step', 'upload');
  await expect(page.getByRole('button', { name: 'Upload files (0)' })).toBeDisabled();
});
