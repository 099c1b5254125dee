import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { changeLocale } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import { designHeader } from '@/testing/design-header';
import { importFile, importJob, processedFiles, signedInAdmin } from '../testing/fixtures';
import type { ImportFile, ImportJob } from '../types';

const SLOW = { timeout: 5000 };

afterEach(async () => {
  await changeLocale('en');
});

/** The server's side of one job, step by step, as the mocked routes see it. */
function jobServer(start: ImportJob) {
  let job = start;
  let polls = 0;
  const calls: { path: string; form: Record<string, string> }[] = [];
  const update = (files: (file: ImportFile, index: number) => Partial<ImportFile>, state: Partial<ImportJob> = {}) => {
    job = { ...job, ...state, files: job.files.map((file, index) => ({ ...file, ...files(file, index) })) };
    return job;
  };
  const step = (path: string, answer: (form: Record<string, string>) => ImportJob | { job: ImportJob; designs: unknown[] }) =>
    http.post(`*/service${path}`, async ({ request }) => {
      const form = await formOf(request);
      calls.push({ path, form });
      return HttpResponse.json(answer(form));
    });
  server.use(
    http.get('*/service/design/import/7', () => {
      if (job.state === 'processing') {
        polls += 1;
        if (polls === 1) update(() => ({ state: 'processing', progress: 40 }), { progress: 40 });
        else job = { ...job, state: 'processed', progress: 100, files: processedFiles() };
      }
      return HttpResponse.json(job);
    }),
    step('/design/process', () => update(() => ({ state: 'queued' }), { state: 'processing' })),
    step('/design/merge-internal', (form) => {
      // Like the server: a group is keyed by its first file.
      const groups = JSON.parse(form.groups ?? '[]') as string[][];
      return update((file) => ({ group: groups.find((group) => group.includes(String(file.fileId)))?.[0] ?? file.fileId }));
    }),
    step('/design/rename-numerator-main', () => {
      const keys = [...new Set(job.files.map((file) => String(file.group)))];
      return update((file) => ({ designNumber: `01-${String(559 + keys.indexOf(String(file.group))).padStart(4, '0')}` }));
    }),
    step('/design/rename-numerator-internal', () =>
      update((file, index) => ({ colorwayName: `VR-${job.files.slice(0, index + 1).filter((other) => other.group === file.group).length}` })),
    ),
    step('/design/add-to-archive', () => {
      update((file) => ({ state: 'added', designGuid: `d-${String(file.group)}`, colorwayGuid: `c-${String(file.fileId)}` }), { state: 'added' });
      return {
        job,
        designs: [
          { designGuid: 'd-1', designName: '01-0559', colorways: ['VR-1', 'VR-2'] },
          { designGuid: 'd-3', designName: '01-0560', colorways: ['VR-1'] },
        ],
      };
    }),
    step('/design/complete-transfer', () => update(() => ({}), { state: 'completed' })),
  );
  return { calls, current: () => job };
}

function uploadedJob() {
  return importJob({
    files: processedFiles().map((file) => importFile({ fileId: file.fileId, name: file.name, byteSize: file.byteSize, format: file.format })),
  });
}

describe('import stepper', () => {
  it('resumes the open job and runs it: process with polling, merge, number, add, finish', async () => {
    const user = userEvent.setup();
    signedInAdmin({ openJobs: [uploadedJob()] });
    const { calls } = jobServer(uploadedJob());
    server.use(http.post('*/service/admin/design/header/d-1', () => HttpResponse.json(designHeader())));
    renderApp('/admin/design');

    // Resumed: the open job's files wait for processing.
    // Named by its archive and when it started, not by its id.
    const info = await screen.findByTestId('job-info', {}, SLOW);
    expect(info).toHaveTextContent(/^Main archive · \S/);
    expect(info).not.toHaveTextContent(/Job 7/);
    expect(screen.getByTestId('import-stepper')).toHaveAttribute('data-step', 'upload');
    await user.click(screen.getByRole('button', { name: 'Process files (3)' }));

    // Processing: polled every second, with per-file progress bars.
    expect(await screen.findByTestId('step-process')).toBeInTheDocument();
    expect(await screen.findAllByTestId('file-progress', {}, SLOW)).not.toHaveLength(0);
    expect(screen.getByTestId('job-progress')).toHaveTextContent('40 %');

    // Processed: the name rule proposes rose_VR1 + rose_VR2 as one design, paisley as another.
    expect(await screen.findByTestId('step-merge', {}, SLOW)).toBeInTheDocument();
    const groupFiles = () => screen.getAllByTestId('merge-group').map((card) => within(card).getAllByTestId('merge-file').map((file) => file.dataset.name));
    expect(groupFiles()).toEqual([['rose_VR1.tif', 'rose_VR2.tif'], ['paisley.psb']]);
    expect(within(screen.getAllByTestId('merge-group')[1]!).getByText(/channels: 4/)).toBeInTheDocument();
    expect(screen.getAllByTestId('thumbnail')[0]).toHaveAttribute('src', '/service/import/thumb/1.jpg');

    // Split a colorway out, then go back to the proposal.
    await user.selectOptions(screen.getByLabelText('Design of rose_VR2.tif'), 'new');
    expect(groupFiles()).toEqual([['rose_VR1.tif'], ['paisley.psb'], ['rose_VR2.tif']]);
    expect(screen.getByText('You changed the grouping: confirm the merge to apply it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Number designs' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back to the proposal' }));
    expect(groupFiles()).toEqual([['rose_VR1.tif', 'rose_VR2.tif'], ['paisley.psb']]);

    await user.click(screen.getByRole('button', { name: 'Confirm merge' }));
    await user.click(await screen.findByRole('button', { name: 'Number designs' }));
    await waitFor(() => expect(screen.getAllByTestId('merge-group-title').map((title) => title.textContent)).toEqual(['01-0559', '01-0560']));
    await user.click(screen.getByRole('button', { name: 'Number colorways' }));
    await waitFor(() => expect(screen.getAllByTestId('colorway-name').map((chip) => chip.textContent)).toEqual(['VR-1', 'VR-2', 'VR-1']));
    await user.click(screen.getByRole('button', { name: 'Next: add to archive' }));

    // Add, after a confirmation.
    expect(await screen.findByTestId('add-summary')).toHaveTextContent('01-0559');
    await user.click(screen.getByRole('button', { name: 'Add to archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the archive?' });
    expect(dialog).toHaveTextContent('Designs: 2, colorways: 3, into the archive Main archive.');
    await user.click(within(dialog).getByRole('button', { name: 'Add to archive' }));

    const designs = await screen.findAllByTestId('imported-design');
    expect(designs.map((design) => [design.dataset.name, within(design).queryAllByTestId('imported-colorway').map((chip) => chip.textContent)])).toEqual([
      ['01-0559', ['VR-1', 'VR-2']],
      ['01-0560', ['VR-1']],
    ]);
    await user.click(screen.getByRole('button', { name: 'Finish the transfer' }));
    expect(await screen.findByTestId('import-done')).toBeInTheDocument();
    expect(screen.getByTestId('import-stepper')).toHaveAttribute('data-step', 'done');

    expect(calls.map((call) => call.path)).toEqual([
      '/design/process',
      '/design/merge-internal',
      '/design/rename-numerator-main',
      '/design/rename-numerator-internal',
      '/design/add-to-archive',
      '/design/complete-transfer',
    ]);
    expect(calls.every((call) => call.form.jobId === '7')).toBe(true);
    expect(JSON.parse(calls[1]!.form.groups!)).toEqual([['1', '2'], ['3']]);

    // A new design number opens the design edit modal.
    await user.click(screen.getByRole('button', { name: 'Edit design 01-0559' }));
    expect(await screen.findByRole('heading', { name: 'Design edit · 01-0559' })).toBeInTheDocument();
  });

  it('ends on its Done step after the transfer is finished, though the job left the open list', async () => {
    const user = userEvent.setup();
    const added = importJob({
      state: 'added',
      files: processedFiles().map((file, index) => ({ ...file, state: 'added' as const, designGuid: index < 2 ? 'd-1' : 'd-3', designNumber: index < 2 ? '01-0559' : '01-0560', colorwayName: index === 1 ? 'VR-2' : 'VR-1' })),
    });
    signedInAdmin({ openJobs: [added] });
    const { current } = jobServer(added);
    // Like the server: GET /design/import lists open jobs only; a completed one is gone from it.
    server.use(http.get('*/service/design/import', () => HttpResponse.json(current().state === 'completed' ? [] : [current()])));
    renderApp('/admin/design');

    await user.click(await screen.findByRole('button', { name: 'Finish the transfer' }, SLOW));
    const done = await screen.findByTestId('import-done');
    expect(done).toHaveTextContent('The import is complete: the designs are in the archive Main archive.');
    expect(screen.getByTestId('import-stepper')).toHaveAttribute('data-step', 'done');
    // What was added, and the way to the next import.
    expect(screen.getAllByTestId('imported-design').map((design) => design.dataset.name)).toEqual(['01-0559', '01-0560']);
    await waitFor(() => expect(current().state).toBe('completed'));
    expect(screen.getByTestId('import-done')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start a new import' }));
    expect(await screen.findByTestId('step-upload')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files (0)' })).toBeDisabled();
  });

  it('names open jobs by archive, time and file count in the job choice', async () => {
    const older = importJob({ jobId: 'a1b2c3d4-uuid', archiveId: 2, createdAt: '2025-01-01T09:00:00Z', updatedAt: '2025-01-01T09:00:00Z', files: [importFile()] });
    const newer = uploadedJob();
    signedInAdmin({ openJobs: [older, newer] });
    server.use(http.get('*/service/design/import/:id', ({ params }) => HttpResponse.json(params.id === '7' ? newer : older)));
    renderApp('/admin/design');
    const choice = await screen.findByLabelText('Open import jobs', {}, SLOW);
    const options = within(choice).getAllByRole('option').map((option) => option.textContent ?? '');
    expect(options[0]).toBe('A new import');
    expect(options[1]).toMatch(/^Main archive · .+ · 3 files$/);
    expect(options[2]).toMatch(/^Digital archive · .+ · 1 file$/);
    expect(options.join()).not.toContain('uuid');
  });

  it('shows a failed file with its translated reason and processes it again', async () => {
    const user = userEvent.setup();
    const failed = importFile({ fileId: '4', name: 'broken.tif', state: 'failed', errorCode: 'damaged_file', errorMessage: 'strip 3 is truncated' });
    const job = importJob({ state: 'processed', files: [...processedFiles(), failed] });
    signedInAdmin({ openJobs: [job] });
    let retried: Record<string, string> | undefined;
    server.use(
      http.get('*/service/design/import/7', () => HttpResponse.json(job)),
      http.post('*/service/design/import/retry', async ({ request }) => {
        retried = await formOf(request);
        return HttpResponse.json(job);
      }),
    );
    renderApp('/admin/design');

    expect(await screen.findByTestId('step-merge', {}, SLOW)).toBeInTheDocument();
    const row = screen.getAllByTestId('import-file').find((file) => file.dataset.name === 'broken.tif')!;
    expect(within(row).getByTestId('file-error')).toHaveTextContent('The file is damaged and cannot be read.');
    await user.click(within(row).getByRole('button', { name: 'Process broken.tif again' }));
    await waitFor(() => expect(retried).toEqual({ jobId: '7', fileId: '4' }));
  });

  it('translates the precise reason of a refused file and the warnings of a read one', async () => {
    await changeLocale('tr');
    const refused = importFile({
      fileId: '4',
      name: 'zip.tif',
      state: 'failed',
      errorCode: 'unsupported_image',
      errorMessage: 'unsupported image: TIFF with CCITT fax compression',
      errorReason: { code: 'tiff_compression', params: { name: 'CCITT fax' }, text: 'TIFF with CCITT fax compression' },
    });
    const [first, ...rest] = processedFiles();
    const warned: ImportFile = {
      ...first!,
      warnings: [
        { code: 'default_cmyk_profile', params: { profile: 'FOGRA39' }, text: 'no embedded CMYK profile' },
        { code: 'a_code_this_app_does_not_know', params: {}, text: 'something new, in English' },
      ],
    };
    // While the job is processing, the table lists every file with what was found in it.
    const job = importJob({ state: 'processing', files: [warned, ...rest, refused] });
    signedInAdmin({ openJobs: [job] });
    server.use(http.get('*/service/design/import/7', () => HttpResponse.json(job)));
    renderApp('/admin/design');

    await screen.findByTestId('file-error-reason', {}, SLOW);
    const row = screen.getAllByTestId('import-file').find((file) => file.dataset.name === 'zip.tif')!;
    expect(within(row).getByTestId('file-error-reason')).toHaveTextContent('CCITT fax sıkıştırmalı TIFF okunamıyor.');
    const warnedRow = screen.getAllByTestId('import-file').find((file) => file.dataset.name === warned.name)!;
    const chips = within(warnedRow).getAllByTestId('file-warning').map((chip) => chip.textContent);
    expect(chips).toEqual(['Gömülü CMYK profili yok: renkler FOGRA39 baskısına göre gösterildi.', 'something new, in English']);
  });

  it('translates the error code of a refused step', async () => {
    const user = userEvent.setup();
    await changeLocale('tr');
    const job = uploadedJob();
    signedInAdmin({ openJobs: [job] });
    server.use(
      http.get('*/service/design/import/7', () => HttpResponse.json(job)),
      http.post('*/service/design/process', () =>
        HttpResponse.json({ code: 'import_wrong_state', message: 'the job is not uploading' }, { status: 409 }),
      ),
    );
    renderApp('/admin/design');
    await user.click(await screen.findByRole('button', { name: 'Dosyaları işle (3)' }, SLOW));
    const alert = await screen.findByTestId('error-alert');
    expect(alert).toHaveAttribute('data-code', 'import_wrong_state');
    expect(alert).toHaveTextContent('Bu adım, aktarımın şu aşamasında yapılamaz.');
  });

  it('cancels and discards a job after confirmations', async () => {
    const user = userEvent.setup();
    let job = uploadedJob();
    signedInAdmin({ openJobs: [job] });
    const sent: string[] = [];
    server.use(
      http.get('*/service/design/import/7', () => HttpResponse.json(job)),
      http.post('*/service/design/cancel', () => {
        sent.push('cancel');
        job = { ...job, state: 'cancelled' };
        return HttpResponse.json(job);
      }),
      http.post('*/service/design/dispose', async ({ request }) => {
        sent.push(`dispose ${(await formOf(request)).jobId}`);
        return HttpResponse.json({ disposed: true });
      }),
    );
    renderApp('/admin/design');

    await user.click(await screen.findByRole('button', { name: 'Cancel job' }, SLOW));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this import job?' })).getByRole('button', { name: 'Cancel job' }));
    expect(await screen.findByTestId('job-cancelled')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Discard job' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this import job?' })).getByRole('button', { name: 'Discard job' }));
    await waitFor(() => expect(screen.queryByTestId('job-info')).not.toBeInTheDocument());
    expect(screen.getByTestId('step-upload')).toBeInTheDocument();
    expect(sent).toEqual(['cancel', 'dispose 7']);
  });
});
