import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { updateClientSettings } from '@/lib/client-settings';
import { setSession } from '@/lib/session';
import { designHeader } from '@/testing/design-header';
import { testUser, validAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { DesignType } from '@/types/design';
import type { SearchPage } from '@/types/search';
import type { CadBundle, CadFormat, CadRights } from '../types';

// OpenSeadragon needs a canvas, which jsdom lacks: the lazily loaded viewer is replaced.
jest.mock('@/features/design/components/deep-zoom-canvas', () => jest.requireActual('@/features/design/testing/deep-zoom-canvas-mock'));

const SLOW = { timeout: 8000 };

const production: CadFormat = { id: 1, name: 'production' };
const separations: CadFormat = { id: 2, name: 'separations' };
const original: CadFormat = { id: 3, name: 'original' };

function rights(overrides: Partial<CadRights> = {}): CadRights {
  return { download: true, selection: false, downloadAll: false, export: false, formats: [production], ...overrides };
}

/** A door a handler waits at until the test opens it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A UTF-8 file name as a raw header carries it (a byte a character), as the server sends it. */
function rawUtf8(text: string): string {
  return String.fromCharCode(...new TextEncoder().encode(text));
}

function bundle(overrides: Partial<CadBundle> = {}): CadBundle {
  return { id: 'b-1', name: '01-0559.zip', state: 'queued', done: 0, total: 2, bytes: 0, error: null, expires: '2026-11-26T18:30:00Z', ...overrides };
}

type FileAnswer = { body: string; disposition: string; type?: string } | { status: number; code: string };

/** A file route's answer: the file as an attachment, or the refusal's `{ code, message }`. */
function answer(file: FileAnswer) {
  if ('code' in file) return HttpResponse.json({ code: file.code, message: 'refused by the server' }, { status: file.status });
  return new HttpResponse(file.body, { headers: { 'Content-Type': file.type ?? 'application/octet-stream', 'Content-Disposition': file.disposition } });
}

/**
 * The design page's server (a design of `type`) and the CAD routes: the rights, a colorway's file
 * and a line sheet (`sheet`; either may be a refusal; both held until `hold` opens), a
 * download-all and its progress, answered in turn by `progress` (the last one repeated; the polls
 * from `holdFrom` on wait for `holdPolls`).
 */
function cadServer({
  cad,
  type = 'digital',
  file = { body: 'CAD-BYTES', disposition: 'attachment; filename="01-0559_VR-1.tif"' },
  sheet = { body: '%PDF-1.4 line sheet', disposition: 'attachment; filename="01-0559.pdf"', type: 'application/pdf' },
  hold,
  progress = [],
  holdFrom = Infinity,
  holdPolls,
}: {
  cad: CadRights;
  type?: DesignType;
  file?: FileAnswer;
  sheet?: FileAnswer;
  hold?: Promise<void>;
  progress?: CadBundle[];
  holdFrom?: number;
  holdPolls?: Promise<void>;
}) {
  const sent: { path: string; form: Record<string, string> }[] = [];
  let polls = 0;
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())),
    http.post('*/service/design/header', () => HttpResponse.json(designHeader({ designType: type }))),
    http.post('*/service/metrics/record', () => new HttpResponse(null, { status: 204 })),
    http.get('*/service/cad/rights', () => HttpResponse.json(cad)),
    http.post('*/service/cad/download', async ({ request }) => {
      sent.push({ path: 'download', form: await formOf(request) });
      await hold;
      return answer(file);
    }),
    http.post('*/service/cad/export', async ({ request }) => {
      sent.push({ path: 'export', form: await formOf(request) });
      await hold;
      return answer(sheet);
    }),
    http.post('*/service/cad/export/search/:format/:page/:pageSize', async ({ request, params }) => {
      sent.push({ path: `export/search/${String(params.format)}/${String(params.page)}/${String(params.pageSize)}`, form: await formOf(request) });
      await hold;
      return answer(sheet);
    }),
    http.post('*/service/cad/download-all', async ({ request }) => {
      sent.push({ path: 'download-all', form: await formOf(request) });
      return HttpResponse.json(bundle(), { status: 202 });
    }),
    http.get('*/service/cad/downloads/:id', async ({ params }) => {
      polls += 1;
      if (polls >= holdFrom) await holdPolls;
      const answer = progress[Math.min(polls, progress.length) - 1] ?? bundle();
      return HttpResponse.json({ ...answer, id: String(params.id) });
    }),
  );
  return { sent, polls: () => polls };
}

/** The favorite list l-1 ("Spring", two colorways unless told otherwise) and its (empty) grid. */
function listServer(colorways = ['c-1', 'c-2']) {
  const entry = (colorwayGuid: string) => ({ designGuid: 'd-1', colorwayGuid, listId: 'l-1', designName: '01-0559', colorwayName: colorwayGuid, thumbnail: '', added: '2026-11-25T10:00:00Z' });
  const spring = { id: 'l-1', name: 'Spring', entryCount: colorways.length, created: '2026-11-20T10:00:00Z' };
  server.use(
    http.get('*/service/favorites/entries/:id', () => HttpResponse.json({ ...spring, entries: colorways.map(entry) })),
    http.get('*/service/search/favorites/:id/:page/:size', () => HttpResponse.json({ list: spring, results: [], totalCount: 0, totalPage: 0, currentPage: 0, pageSize: 50 })),
  );
}

/** The archive search: `total` designs (01-0001 …, each on its colorway c-n), every search recorded. */
function archiveServer(total = 60) {
  const searches: { page: number; pageSize: number; form: Record<string, string> }[] = [];
  server.use(
    http.post('*/service/search/design/basic/:page/:pageSize', async ({ request, params }) => {
      const page = Number(params.page);
      const pageSize = Number(params.pageSize);
      searches.push({ page, pageSize, form: await formOf(request) });
      const first = page * pageSize;
      const results = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, index) => {
        const n = first + index + 1;
        const number = `01-${String(n).padStart(4, '0')}`;
        return {
          designGuid: `d-${n}`,
          designName: number,
          designType: 'digital',
          activeVariantGuid: `c-${n}`,
          activeVariantName: 'VR-1',
          originalVariantGuid: `c-${n}`,
          originalVariantName: 'VR-1',
          labels: [],
          moldState: 'none',
          isConfined: false,
          pinned: false,
          colorwayCount: 1,
          colorways: [{ colorwayGuid: `c-${n}`, colorwayName: 'VR-1', color: null }],
          thumbnail: null,
          thumbnails: {},
          colorDistance: null,
        };
      });
      const answer: SearchPage = { results, totalCount: total, totalPage: Math.ceil(total / pageSize), currentPage: page, pageSize };
      return HttpResponse.json(answer);
    }),
  );
  return searches;
}

/** A search page's line sheet as the server names it. */
const pageSheet = (name: string): FileAnswer => ({ body: '%PDF-1.4 search page', disposition: `attachment; filename="${name}"`, type: 'application/pdf' });

function signIn() {
  setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
}

/** The design page once its actions show (the add-to-list button is always there). */
async function openDesign() {
  const view = renderApp('/design/d-1');
  await screen.findByTestId('add-to-list', undefined, SLOW);
  return view;
}

describe('CAD downloads', () => {
  const saved: { name: string; href: string }[] = [];
  const blobs: Blob[] = [];
  const createObjectURL = jest.fn((blob: Blob) => (blobs.push(blob), `blob:cad-${blobs.length}`));
  const revokeObjectURL = jest.fn();
  let click: jest.SpyInstance;

  beforeEach(() => {
    saved.length = 0;
    blobs.length = 0;
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    // jsdom has no object URLs and does not download: the saved file is what the link was clicked with.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
  });

  afterEach(() => {
    cleanup();
    click.mockRestore();
  });

  it('shows no CAD button without the rights', async () => {
    signIn();
    cadServer({ cad: { download: false, selection: true, downloadAll: false, export: false, formats: [production] } });
    const { queryClient } = await openDesign();
    await waitFor(() => expect(queryClient.getQueryState(['cad', 'rights'])?.status).toBe('success'));

    expect(screen.queryByTestId('cad-download')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cad-download-all')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cad-export')).not.toBeInTheDocument();
    const actions = within(screen.getByRole('toolbar', { name: 'Design actions' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['Add to list']);
  });

  it('shows each button only with its own right', async () => {
    signIn();
    cadServer({ cad: rights({ download: true, downloadAll: false }) });
    await openDesign();
    expect(await screen.findByTestId('cad-download')).toHaveTextContent('Download CAD');
    expect(screen.queryByTestId('cad-download-all')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cad-export')).not.toBeInTheDocument();
    cleanup();

    cadServer({ cad: rights({ download: false, downloadAll: true }) });
    await openDesign();
    expect(await screen.findByTestId('cad-download-all')).toHaveTextContent('Download all colorways');
    expect(screen.queryByTestId('cad-download')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cad-export')).not.toBeInTheDocument();
    cleanup();

    // Export needs no CAD format: the line sheet is not a CAD file.
    cadServer({ cad: rights({ download: false, export: true, formats: [] }) });
    await openDesign();
    expect(await screen.findByTestId('cad-export')).toHaveTextContent('Export line sheet');
    expect(screen.queryByTestId('cad-download')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cad-download-all')).not.toBeInTheDocument();
  });

  it('without "CAD selection" one button downloads the one format and saves it under the server’s name', async () => {
    const user = userEvent.setup();
    signIn();
    const door = gate();
    // The server offers the default alone then; were there more, the switch still decides: no menu, the first.
    const { sent } = cadServer({ cad: rights({ formats: [original, production] }), hold: door.opened });
    await openDesign();
    const button = await screen.findByTestId('cad-download');
    expect(button).not.toHaveAttribute('aria-haspopup');

    await user.click(button);
    // No menu: the click asks for the file at once, and the button says it is being made.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ path: 'download', form: { cadId: '3', designGuid: 'd-1', colorwayGuid: 'c-1', wearGuid: '' } }]));
    expect(button).toHaveTextContent('Preparing…');
    expect(button).toBeDisabled();
    expect(saved).toEqual([]);

    door.open();
    await waitFor(() => expect(saved).toEqual([{ name: '01-0559_VR-1.tif', href: 'blob:cad-1' }]));
    expect(await blobs[0]!.text()).toBe('CAD-BYTES');
    await waitFor(() => expect(button).toHaveTextContent('Download CAD'));
    expect(button).toBeEnabled();
    // The temporary link is gone and its object URL let go.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:cad-1'));
  });

  it('with "CAD selection" the button opens a menu of the formats', async () => {
    const user = userEvent.setup();
    signIn();
    const { sent } = cadServer({
      cad: rights({ selection: true, formats: [production, separations, original] }),
      type: 'rotary',
      file: { body: 'ZIP', disposition: `attachment; filename="${rawUtf8('01-0559_Şal_separations.zip')}"` },
    });
    await openDesign();
    const button = await screen.findByTestId('cad-download');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');

    await user.click(button);
    const menu = within(await screen.findByRole('menu', { name: 'CAD formats' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.getAttribute('data-testid'))).toEqual(['cad-format-production', 'cad-format-separations', 'cad-format-original']);
    expect(menu.getByTestId('cad-format-production')).toHaveTextContent('Production file');
    expect(menu.getByTestId('cad-format-production')).toHaveTextContent('A multichannel PSD with the colorway’s inks.');
    expect(menu.getByTestId('cad-format-separations')).toHaveTextContent('Separations (one TIFF per screen, zip)');
    expect(menu.getByTestId('cad-format-original')).toHaveTextContent('Original file');
    expect(sent).toEqual([]);

    await user.click(menu.getByTestId('cad-format-separations'));
    await waitFor(() => expect(saved).toEqual([{ name: '01-0559_Şal_separations.zip', href: 'blob:cad-1' }]));
    expect(sent).toEqual([{ path: 'download', form: { cadId: '2', designGuid: 'd-1', colorwayGuid: 'c-1', wearGuid: '' } }]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows a refusal as the translated error, and offers a digital design no separations', async () => {
    const user = userEvent.setup();
    signIn();
    const { sent } = cadServer({ cad: rights({ selection: true, formats: [production, separations, original] }), file: { status: 404, code: 'cad_file_missing' } });
    await openDesign();
    await user.click(await screen.findByTestId('cad-download'));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.getAttribute('data-testid'))).toEqual(['cad-format-production', 'cad-format-original']);
    expect(menu.getByTestId('cad-format-production')).toHaveTextContent('The file as imported.');

    await user.click(menu.getByTestId('cad-format-production'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('The design file of this colorway is missing. Please contact the studio.');
    expect(toast).not.toHaveTextContent('refused by the server');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.cadId).toBe('1');
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('cad-download')).toHaveTextContent('Download CAD'));
  });

  it('downloads all of a design’s colorways as a zip: progress polled until the link shows', async () => {
    const user = userEvent.setup();
    signIn();
    const door = gate();
    const server = cadServer({
      cad: rights({ download: false, downloadAll: true }),
      progress: [bundle({ state: 'building', done: 1 }), bundle({ state: 'ready', done: 2, bytes: 5 * 1024 * 1024 })],
      holdFrom: 2,
      holdPolls: door.opened,
    });
    await openDesign();
    await user.click(await screen.findByTestId('cad-download-all'));
    await waitFor(() => expect(server.sent).toEqual([{ path: 'download-all', form: { cadId: '1', wearGuid: '', designGuid: 'd-1' } }]));

    const dialog = within(await screen.findByTestId('cad-bundle-dialog'));
    await waitFor(() => expect(dialog.getByTestId('cad-bundle-progress')).toHaveAttribute('data-state', 'building'));
    expect(dialog.getByTestId('cad-bundle-progress')).toHaveTextContent('1 of 2 colorways prepared…');
    expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(dialog.queryByTestId('cad-bundle-link')).not.toBeInTheDocument();

    // The next poll, a second later, finds the zip ready.
    door.open();
    const link = await dialog.findByTestId('cad-bundle-link', undefined, SLOW);
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/service/cad/downloads/b-1/file');
    expect(link).toHaveAttribute('download', '01-0559.zip');
    expect(dialog.getByText('Your zip file is ready (5 MB).')).toBeInTheDocument();
    expect(dialog.getByTestId('cad-bundle-expires')).toHaveTextContent(/^The link works until Nov 26, 2026, 6:30\sPM\.$/);
    expect(dialog.queryByTestId('cad-bundle-progress')).not.toBeInTheDocument();

    // Ready: no more polling.
    const polled = server.polls();
    expect(polled).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.polls()).toBe(polled);
  });

  it('downloads all of a favorite list in the format chosen, and shows why the zip failed', async () => {
    const user = userEvent.setup();
    signIn();
    listServer();
    const { sent } = cadServer({
      cad: rights({ download: false, downloadAll: true, selection: true, formats: [production, separations, original] }),
      progress: [bundle({ state: 'failed', name: 'Spring.zip', error: 'cad_file_missing' })],
    });
    renderApp('/favorites/l-1');
    const button = await screen.findByTestId('cad-download-all', undefined, SLOW);
    expect(button).toHaveTextContent('Download all');
    expect(screen.getByTestId('list-name')).toHaveTextContent('Spring');

    // With "CAD selection", the zip's format is chosen from the menu too.
    await user.click(button);
    await user.click(within(screen.getByRole('menu')).getByTestId('cad-format-original'));
    await waitFor(() => expect(sent).toEqual([{ path: 'download-all', form: { cadId: '3', wearGuid: '', listId: 'l-1' } }]));

    const dialog = within(await screen.findByTestId('cad-bundle-dialog'));
    const failed = await dialog.findByTestId('cad-bundle-failed');
    expect(failed).toHaveTextContent('The zip file could not be made');
    expect(failed).toHaveTextContent('The design file of this colorway is missing. Please contact the studio.');
    expect(dialog.queryByTestId('cad-bundle-link')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('cad-bundle-dialog')).not.toBeInTheDocument());
  });

  it('shows a refused download-all as the translated error', async () => {
    const user = userEvent.setup();
    signIn();
    cadServer({ cad: rights({ downloadAll: true }) });
    server.use(http.post('*/service/cad/download-all', () => HttpResponse.json({ code: 'cad_too_many_colorways', message: 'too many' }, { status: 413 })));
    await openDesign();
    await user.click(await screen.findByTestId('cad-download-all'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('A download of all colorways can hold at most 500 colorways.');
    expect(screen.queryByTestId('cad-bundle-dialog')).not.toBeInTheDocument();
  });

  it('exports the design’s line sheet from a menu of PDF and CSV, saved under the server’s name', async () => {
    const user = userEvent.setup();
    signIn();
    const door = gate();
    const { sent } = cadServer({ cad: rights({ download: false, downloadAll: true, export: true }), hold: door.opened });
    await openDesign();
    const button = await screen.findByTestId('cad-export');
    expect(button).toHaveTextContent('Export line sheet');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    // Beside the download-all button, after it.
    const actions = within(screen.getByRole('toolbar', { name: 'Design actions' }));
    expect(actions.getAllByRole('button').map((item) => item.getAttribute('data-testid'))).toEqual(['add-to-list', 'cad-download-all', 'cad-export']);

    await user.click(button);
    const menu = within(await screen.findByRole('menu', { name: 'Line sheet formats' }));
    expect(menu.getAllByRole('menuitem').map((item) => [item.getAttribute('data-testid'), item.textContent])).toEqual([
      ['cad-export-pdf', 'PDF line sheet'],
      ['cad-export-csv', 'CSV (spreadsheet)'],
    ]);
    expect(sent).toEqual([]);

    await user.click(menu.getByTestId('cad-export-pdf'));
    await waitFor(() => expect(sent).toEqual([{ path: 'export', form: { format: 'pdf', designGuid: 'd-1' } }]));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveTextContent('Preparing…');
    expect(button).toBeDisabled();
    // The download-all button is not the one at work.
    expect(screen.getByTestId('cad-download-all')).toHaveTextContent('Download all colorways');
    expect(saved).toEqual([]);

    door.open();
    await waitFor(() => expect(saved).toEqual([{ name: '01-0559.pdf', href: 'blob:cad-1' }]));
    expect(await blobs[0]!.text()).toBe('%PDF-1.4 line sheet');
    await waitFor(() => expect(button).toHaveTextContent('Export line sheet'));
    expect(button).toBeEnabled();
  });

  it('exports a favorite list’s line sheet as CSV, and not an empty list’s', async () => {
    const user = userEvent.setup();
    signIn();
    listServer();
    const { sent } = cadServer({
      cad: rights({ download: false, downloadAll: true, export: true }),
      sheet: { body: '\uFEFFDesign no,Colorway\r\n01-0559,c-1\r\n', disposition: `attachment; filename="${rawUtf8('Şal listesi.csv')}"`, type: 'text/csv; charset=utf-8' },
    });
    renderApp('/favorites/l-1');
    const button = await screen.findByTestId('cad-export', undefined, SLOW);
    expect(button).toBeEnabled();
    expect(screen.getByTestId('cad-download-all')).toBeInTheDocument();

    await user.click(button);
    await user.click(within(await screen.findByRole('menu')).getByTestId('cad-export-csv'));
    await waitFor(() => expect(saved).toEqual([{ name: 'Şal listesi.csv', href: 'blob:cad-1' }]));
    expect(sent).toEqual([{ path: 'export', form: { format: 'csv', listId: 'l-1' } }]);
    // The bytes as they came, the byte order mark first.
    expect(Array.from(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 4))).toEqual([0xef, 0xbb, 0xbf, 0x44]);
    cleanup();

    listServer([]);
    renderApp('/favorites/l-1');
    expect(await screen.findByTestId('cad-export', undefined, SLOW)).toBeDisabled();
  });

  it('shows a refused export as the translated error', async () => {
    const user = userEvent.setup();
    signIn();
    const { sent } = cadServer({ cad: rights({ export: true }), sheet: { status: 413, code: 'cad_too_many_colorways' } });
    await openDesign();
    await user.click(await screen.findByTestId('cad-export'));
    await user.click(within(await screen.findByRole('menu')).getByTestId('cad-export-csv'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('A download of all colorways can hold at most 500 colorways.');
    expect(toast).not.toHaveTextContent('refused by the server');
    expect(sent).toEqual([{ path: 'export', form: { format: 'csv', designGuid: 'd-1' } }]);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('cad-export')).toHaveTextContent('Export line sheet'));
  });

  describe('the archive search page’s line sheet', () => {
    it('is offered only with the export right', async () => {
      signIn();
      archiveServer();
      cadServer({ cad: rights({ download: true, downloadAll: true, selection: true, export: false }) });
      const { queryClient } = renderApp('/');
      await screen.findAllByTestId('search-result', undefined, SLOW);
      await waitFor(() => expect(queryClient.getQueryState(['cad', 'rights'])?.status).toBe('success'));
      expect(screen.queryByTestId('cad-export-search')).not.toBeInTheDocument();
      expect(screen.queryByTestId('cad-export')).not.toBeInTheDocument();
      cleanup();

      // The same page with the right shows it.
      archiveServer();
      cadServer({ cad: rights({ download: false, export: true, formats: [] }) });
      renderApp('/');
      expect(await screen.findByTestId('cad-export-search', undefined, SLOW)).toHaveTextContent('Export the first 25 results');
    });

    it('with paged results exports the page on screen: its page and size in the path, the search’s form as the body', async () => {
      const user = userEvent.setup();
      updateClientSettings({ infinityScroll: false });
      signIn();
      const searches = archiveServer(60);
      const door = gate();
      const { sent } = cadServer({ cad: rights({ download: false, export: true, formats: [] }), sheet: pageSheet('Archive__page_2.pdf'), hold: door.opened });
      const { router } = renderApp('/?sort=1');
      expect(await screen.findByTestId('cad-export-search', undefined, SLOW)).toHaveTextContent('Export this page');

      await user.type(screen.getByTestId('filter-number'), '01-00');
      await waitFor(() => expect(searches.at(-1)?.form).toEqual({ number: '01-00', order: '1' }));
      const pager = await screen.findByRole('navigation', { name: 'Result pages' });
      await user.click(within(pager).getByRole('button', { name: 'Go to page 2' }));
      await waitFor(() => expect(currentPath(router)).toBe('/?number=01-00&sort=1&page=2'));
      await waitFor(() => expect(screen.getByTestId('pager-marker')).toHaveTextContent('Page 2 of 3'));
      const shown = searches.at(-1)!;
      expect(shown).toMatchObject({ page: 1, pageSize: 25 });

      const button = screen.getByTestId('cad-export-search');
      await waitFor(() => expect(button).toBeEnabled());
      expect(button).toHaveTextContent('Export this page');
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      await user.click(button);
      const menu = within(await screen.findByRole('menu', { name: 'Line sheet formats' }));
      expect(menu.getAllByRole('menuitem').map((item) => [item.getAttribute('data-testid'), item.textContent])).toEqual([
        ['cad-export-pdf', 'PDF line sheet'],
        ['cad-export-csv', 'CSV (spreadsheet)'],
      ]);
      expect(sent).toEqual([]);

      await user.click(menu.getByTestId('cad-export-pdf'));
      await waitFor(() => expect(sent).toHaveLength(1));
      // The page on screen (0-based 1), and the very form that search sent.
      expect(sent[0]!.path).toBe('export/search/pdf/1/25');
      expect(sent[0]!.form).toEqual(shown.form);
      expect(sent[0]!.form).toMatchObject({ number: '01-00', order: '1' });
      expect(button).toHaveTextContent('Preparing…');
      expect(button).toBeDisabled();
      expect(saved).toEqual([]);

      door.open();
      await waitFor(() => expect(saved).toEqual([{ name: 'Archive__page_2.pdf', href: 'blob:cad-1' }]));
      expect(await blobs[0]!.text()).toBe('%PDF-1.4 search page');
      await waitFor(() => expect(button).toHaveTextContent('Export this page'));
      expect(button).toBeEnabled();
    });

    it('with infinite scroll exports the first page, however many are loaded, and says so', async () => {
      const user = userEvent.setup();
      signIn();
      const searches = archiveServer(60);
      const { sent } = cadServer({
        cad: rights({ download: false, export: true, formats: [] }),
        sheet: { body: '\uFEFFDesign no\r\n', disposition: 'attachment; filename="Archive__page_1.csv"', type: 'text/csv; charset=utf-8' },
      });
      renderApp('/?number=01&type=digital');
      const button = await screen.findByTestId('cad-export-search', undefined, SLOW);
      await waitFor(() => expect(button).toBeEnabled());
      expect(button).toHaveTextContent('Export the first 25 results');

      await user.click(within(screen.getByTestId('load-more')).getByRole('button', { name: 'Show more designs' }));
      await waitFor(() => expect(screen.getByTestId('result-grid')).toHaveAttribute('data-loaded-count', '50'));
      expect(searches.map((search) => search.page)).toEqual([0, 1]);

      await user.click(button);
      await user.click(within(await screen.findByRole('menu')).getByTestId('cad-export-csv'));
      await waitFor(() => expect(saved).toEqual([{ name: 'Archive__page_1.csv', href: 'blob:cad-1' }]));
      expect(sent).toEqual([{ path: 'export/search/csv/0/25', form: searches[0]!.form }]);
      expect(sent[0]!.form).toEqual({ number: '01', type: 'digital', order: '0' });
      cleanup();

      // A search that fits on one page: all of it.
      archiveServer(7);
      renderApp('/');
      const all = await screen.findByTestId('cad-export-search', undefined, SLOW);
      await waitFor(() => expect(all).toHaveTextContent('Export these results'));
      expect(all).toBeEnabled();
      cleanup();

      // No results: nothing to export.
      archiveServer(0);
      renderApp('/?number=zz');
      await screen.findByTestId('results-empty', undefined, SLOW);
      // The search's actions come once the results have painted.
      expect(await screen.findByTestId('cad-export-search', undefined, SLOW)).toBeDisabled();
    });

    it('shows a refusal as the translated error', async () => {
      const user = userEvent.setup();
      signIn();
      archiveServer();
      const { sent } = cadServer({ cad: rights({ export: true }), sheet: { status: 403, code: 'search_field_hidden' } });
      renderApp('/?note=silk');
      const button = await screen.findByTestId('cad-export-search', undefined, SLOW);
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
      await user.click(within(await screen.findByRole('menu')).getByTestId('cad-export-pdf'));
      const toast = await screen.findByTestId('toast');
      expect(toast).toHaveTextContent('This filter is not available to you.');
      expect(toast).not.toHaveTextContent('refused by the server');
      expect(sent).toEqual([{ path: 'export/search/pdf/0/25', form: { note: 'silk', order: '0' } }]);
      expect(createObjectURL).not.toHaveBeenCalled();
      expect(saved).toEqual([]);
      await waitFor(() => expect(screen.getByTestId('cad-export-search')).toHaveTextContent('Export the first 25 results'));
    });
  });
});
