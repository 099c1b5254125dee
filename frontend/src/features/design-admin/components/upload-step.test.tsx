import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { changeLocale } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { importFile, importJob, signedInAdmin, tiff } from '../testing/fixtures';

// The drop zone takes any file: the picker's `accept` is only a hint, so the check must hold.
const user = () => userEvent.setup({ applyAccept: false });

async function openScreen() {
  renderApp('/admin/design');
  // The first render loads the lazy route.
  return screen.findByTestId('step-upload', {}, { timeout: 5000 });
}

function chosenRow(name: string) {
  return screen.getAllByTestId('chosen-file').find((row) => row.dataset.name === name)!;
}

afterEach(async () => {
  await changeLocale('en');
});

describe('design upload', () => {
  it('refuses a wrong file type and a file chosen twice before sending anything', async () => {
    signedInAdmin();
    let uploads = 0;
    server.use(
      http.put('*/service/design/import', () => {
        uploads += 1;
        return HttpResponse.json(importJob());
      }),
    );
    await openScreen();
    await user().upload(screen.getByTestId('file-input'), [tiff('rose_VR1.tif'), tiff('notes.png'), tiff('rose_VR1.tif')]);

    expect(within(chosenRow('notes.png')).getByText('Only TIF, TIFF, PSD and PSB files can be uploaded.')).toBeInTheDocument();
    expect(screen.getAllByTestId('chosen-file').map((row) => row.dataset.refusal)).toEqual(['', 'unsupported_file_type', 'duplicate_file']);
    expect(screen.getByText('The same file cannot be uploaded twice.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files (1)' })).toBeEnabled();

    // Without the first copy the second one can go; without both only the refused file is left.
    await user().click(within(screen.getAllByTestId('chosen-file')[0]!).getByRole('button', { name: 'Remove rose_VR1.tif from the list' }));
    expect(screen.getAllByTestId('chosen-file').map((row) => row.dataset.refusal)).toEqual(['unsupported_file_type', '']);
    await user().click(within(chosenRow('rose_VR1.tif')).getByRole('button', { name: 'Remove rose_VR1.tif from the list' }));
    expect(screen.getByRole('button', { name: 'Upload files (0)' })).toBeDisabled();
    expect(uploads).toBe(0);
  });

  it('offers the upload only with files chosen, and asks for an archive first', async () => {
    signedInAdmin();
    await openScreen();
    expect(screen.getByRole('button', { name: 'Upload files (0)' })).toBeDisabled();
    await user().selectOptions(screen.getByTestId('archive-select'), '1');
    expect(screen.getByRole('button', { name: 'Upload files (0)' })).toBeDisabled();

    await user().selectOptions(screen.getByTestId('archive-select'), '');
    await user().upload(screen.getByTestId('file-input'), tiff('rose_VR1.tif'));
    await user().click(screen.getByRole('button', { name: 'Upload files (1)' }));
    expect(await screen.findByText('Select an archive first.')).toBeInTheDocument();
  });

  it('sends archiveId before the files with the Access-Token, and shows the files the server refused by code', async () => {
    signedInAdmin();
    let sent: { token: string | null; fields: [string, string][] } | undefined;
    server.use(
      http.put('*/service/design/import', async ({ request }) => {
        const form = await request.formData();
        sent = { token: request.headers.get('Access-Token'), fields: [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]) };
        return HttpResponse.json(
          importJob({
            files: [importFile({ fileId: 1, name: 'rose_VR1.tif' }), importFile({ fileId: 2, name: 'rose_VR2.tif' })],
            refused: [
              { name: 'not-really.tif', code: 'not_an_image', message: 'the content is PNG' },
              { name: 'old.tif', code: 'already_in_archive', message: 'already in the archive as 01-0001/VR-2' },
            ],
          }),
        );
      }),
      http.get('*/service/design/import/7', () => HttpResponse.json(importJob({ files: [importFile({ fileId: 1 }), importFile({ fileId: 2, name: 'rose_VR2.tif' })] }))),
    );
    await openScreen();
    await user().selectOptions(screen.getByTestId('archive-select'), '1');
    await user().upload(screen.getByTestId('file-input'), [tiff('rose_VR1.tif'), tiff('rose_VR2.tif'), tiff('not-really.tif'), tiff('old.tif')]);
    await user().click(screen.getByRole('button', { name: 'Upload files (4)' }));

    const refusals = await screen.findAllByTestId('refusal');
    expect(sent).toEqual({
      token: 'admin-token',
      fields: [
        ['archiveId', '1'],
        ['isNewImport', 'true'],
        ['files', 'rose_VR1.tif'],
        ['files', 'rose_VR2.tif'],
        ['files', 'not-really.tif'],
        ['files', 'old.tif'],
      ],
    });
    expect(refusals[0]).toHaveTextContent('not-really.tif: This file is not a TIFF, PSD or PSB image, whatever its name says.');
    // The server's message names where the image already is.
    expect(refusals[1]).toHaveTextContent('old.tif: This image is already in the archive. (already in the archive as 01-0001/VR-2)');
    // The accepted files stay in the job; the archive of the job is fixed.
    expect(screen.getAllByTestId('import-file').map((row) => row.dataset.name)).toEqual(['rose_VR1.tif', 'rose_VR2.tif']);
    expect(screen.getByTestId('archive-select')).toBeDisabled();
    expect(screen.queryAllByTestId('chosen-file')).toHaveLength(0);

    // The job already has rose_VR1.tif: choosing it again is refused here.
    await user().upload(screen.getByTestId('file-input'), tiff('rose_VR1.tif'));
    expect(chosenRow('rose_VR1.tif')).toHaveTextContent('The same file cannot be uploaded twice.');
  });

  it('adds files to the open job with its jobId', async () => {
    let job = importJob({ files: [importFile({ fileId: 1, name: 'rose_VR1.tif' })] });
    signedInAdmin({ openJobs: [job] });
    let fields: string[] = [];
    server.use(
      http.get('*/service/design/import/7', () => HttpResponse.json(job)),
      http.put('*/service/design/import', async ({ request }) => {
        fields = [...(await request.formData()).keys()];
        job = importJob({ files: [...job.files, importFile({ fileId: 2, name: 'rose_VR2.tif' })] });
        return HttpResponse.json(job);
      }),
    );
    await openScreen();
    expect(await screen.findByTestId('job-info')).toHaveTextContent(/^Main archive · /);
    await user().upload(screen.getByTestId('file-input'), tiff('rose_VR2.tif'));
    await user().click(screen.getByRole('button', { name: 'Upload files (1)' }));
    await waitFor(() => expect(screen.getAllByTestId('import-file')).toHaveLength(2));
    expect(fields).toEqual(['archiveId', 'isNewImport', 'jobId', 'files']);
  });

  it('shows the progress of a running upload and cancels it', async () => {
    signedInAdmin();
    server.use(
      http.put('*/service/design/import', async () => {
        await delay('infinite');
        return HttpResponse.json(importJob());
      }),
    );
    await openScreen();
    await user().selectOptions(screen.getByTestId('archive-select'), '1');
    await user().upload(screen.getByTestId('file-input'), tiff('rose_VR1.tif', 2048));
    await user().click(screen.getByRole('button', { name: 'Upload files (1)' }));

    const progress = await screen.findByTestId('upload-progress');
    expect(within(progress).getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(progress).toHaveTextContent(/of 2 KB/);
    await user().click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(await screen.findByTestId('upload-cancelled')).toBeInTheDocument();
    expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument();
    // The files stay chosen for another try.
    expect(screen.getByRole('button', { name: 'Upload files (1)' })).toBeEnabled();
  });

  it('translates refusal codes into the interface language', async () => {
    await changeLocale('ru');
    signedInAdmin();
    server.use(
      http.put('*/service/design/import', () =>
        HttpResponse.json(importJob({ refused: [{ name: 'big.psb', code: 'image_too_large', message: 'too many pixels' }] })),
      ),
      http.get('*/service/design/import/7', () => HttpResponse.json(importJob())),
    );
    await openScreen();
    await user().selectOptions(screen.getByTestId('archive-select'), '1');
    await user().upload(screen.getByTestId('file-input'), tiff('big.psb'));
    await user().click(screen.getByRole('button', { name: 'Загрузить файлы (1)' }));
    expect(await screen.findByTestId('refusal')).toHaveTextContent('big.psb: Изображение слишком большое (слишком много пикселей) для импорта.');
  });
});
