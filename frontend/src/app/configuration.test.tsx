import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { searchPage, signedInCustomer } from '@/features/archive/testing/fixtures';
import { designServer, rotaryHeader, signedInCustomer as signedInDesignViewer } from '@/features/design/testing/fixtures';
import { i18n } from '@/lib/i18n';
import { setSession } from '@/lib/session';
import { readStored, storageKeys } from '@/lib/storage';
import { clientConfiguration, testUser, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { ClientConfiguration } from '@/types/configuration';

// OpenSeadragon needs a canvas, which jsdom lacks: the lazily loaded viewer is replaced.
jest.mock('@/features/design/components/deep-zoom-canvas', () => jest.requireActual('@/features/design/testing/deep-zoom-canvas-mock'));

/**
 * The studio's general settings (GET /get/configuration) across the app: the language pickers,
 * the archive search's defaults, the parameter names and the content image server.
 */

const SLOW = { timeout: 5000 };

/** GET /get/configuration answers the defaults changed by `overrides` (registered last: it wins over catch-alls). */
function configure(overrides: Partial<ClientConfiguration>) {
  server.use(http.get('*/service/get/configuration', () => HttpResponse.json(clientConfiguration(overrides))));
}

/** dp0 named "Fabric" and dp3 "Width" (in each language). */
function namedParameters() {
  const names = clientConfiguration().parameterNames;
  names[0] = { tr: 'Kumaş', en: 'Fabric', ru: 'Ткань' };
  names[3] = { tr: 'En', en: 'Width', ru: 'Ширина' };
  return names;
}

afterEach(async () => {
  // Unmounted first: the language switch back would otherwise re-render a page no test watches.
  cleanup();
  await i18n.changeLanguage('en');
});

describe('language selection', () => {
  it('the sign-in page offers the language choice only while the settings allow it', async () => {
    renderApp('/login');
    expect(await screen.findByTestId('language-select', {}, SLOW)).toBeInTheDocument();
    cleanup();

    configure({ languageSelection: false });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1 }, SLOW);
    await waitFor(() => expect(screen.queryByTestId('language-select')).not.toBeInTheDocument());
  });

  it('without it, a signed-in user sees no language choice and the language of the account, not remembered as a choice', async () => {
    signedInCustomer();
    const turkish = { ...testUser, language: 'tr' };
    setSession('user-token', { user: turkish, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
    server.use(http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: turkish }))));
    configure({ languageSelection: false });
    renderApp('/archive');

    expect(await screen.findByText('Hoş geldiniz, Ayşe User', {}, SLOW)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('tr');
    expect(screen.queryByTestId('language-select')).not.toBeInTheDocument();
    expect(readStored(storageKeys.locale)).toBeNull();
  });
});

describe('the archive search defaults', () => {
  it('a bare URL opens on the configured archive and order, with the configured page size', async () => {
    const { searches } = signedInCustomer();
    configure({ defaultArchiveId: 2, defaultOrder: 1, pageSize: 40 });
    renderApp('/archive');

    await waitFor(() => expect(searches).toHaveLength(1), SLOW);
    expect(searches[0]).toMatchObject({ page: 0, pageSize: 40, form: { archive: '2', order: '1' } });
    expect(searches[0]?.form).toEqual({ archive: '2', order: '1' });
    expect(screen.getByTestId('sort-select')).toHaveValue('1');
    // The default archive is not a filter of its own: no chip, nothing to clear.
    expect(screen.queryByTestId('active-filters')).not.toBeInTheDocument();
    expect(screen.getByTestId('clear-filters')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('60 designs'));
    expect(screen.getByTestId('pager-marker')).toHaveTextContent('Page 1 of 2 · 60 designs');

    // Another filter keeps the defaults, and the URL names only the filter.
    const user = userEvent.setup();
    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByTestId('filter-archive')).toHaveValue('2');
    await user.click(within(drawer).getByRole('button', { name: '3' }));
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(searches[1]?.form).toEqual({ archive: '2', order: '1', channelcounts: '3' });
  });

  it('the URL wins: another archive, every archive, another order', async () => {
    const { searches } = signedInCustomer();
    configure({ defaultArchiveId: 2, defaultOrder: 1, pageSize: 40 });
    renderApp('/archive?archive=-1&sort=2');

    await waitFor(() => expect(searches).toHaveLength(1), SLOW);
    expect(searches[0]).toMatchObject({ page: 0, pageSize: 40 });
    expect(searches[0]?.form).toEqual({ order: '2' });
    // Every archive, where the search opens on one, is a choice the chips show.
    expect(await screen.findByText('Archive: All archives')).toBeInTheDocument();
    cleanup();

    const next = signedInCustomer();
    renderApp('/archive?archive=1');
    await waitFor(() => expect(next.searches).toHaveLength(1), SLOW);
    expect(next.searches[0]?.form).toEqual({ archive: '1', order: '1' });
  });
});

describe('the configuration written into the page', () => {
  /** The page as the server serves it: the settings in a JSON data block (the gateway's `app_page`). */
  function pageWith(text: string) {
    const block = document.createElement('script');
    block.id = 'desen-configuration';
    block.type = 'application/json';
    block.textContent = text;
    document.head.append(block);
    return block;
  }

  afterEach(() => document.getElementById('desen-configuration')?.remove());

  it('gives the first search its settings: nothing waits for GET /get/configuration', async () => {
    const { searches } = signedInCustomer();
    const asked: string[] = [];
    server.use(
      http.get('*/service/get/configuration', () => {
        asked.push('configuration');
        return HttpResponse.json(clientConfiguration());
      }),
    );
    pageWith(JSON.stringify(clientConfiguration({ defaultArchiveId: 3, defaultOrder: 2, pageSize: 30 })));
    renderApp('/archive');

    await waitFor(() => expect(searches).toHaveLength(1), SLOW);
    expect(searches[0]).toMatchObject({ page: 0, pageSize: 30, form: { archive: '3', order: '2' } });
    expect(asked).toHaveLength(0);
  });

  it('one that does not read is asked for instead', async () => {
    const { searches } = signedInCustomer();
    configure({ defaultArchiveId: 2, defaultOrder: 1, pageSize: 40 });
    pageWith('{"defaultArchiveId": 3, ');
    renderApp('/archive');

    await waitFor(() => expect(searches).toHaveLength(1), SLOW);
    expect(searches[0]).toMatchObject({ pageSize: 40, form: { archive: '2', order: '1' } });
  });
});

describe('the parameter names', () => {
  it('name the archive filter and its chip', async () => {
    const user = userEvent.setup();
    signedInCustomer();
    configure({ parameterNames: namedParameters() });
    renderApp('/archive?dp0=summer');

    expect(await screen.findByText('Fabric: summer', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByLabelText('Fabric')).toHaveValue('summer');
    expect(within(drawer).getByLabelText('Parameter 2')).toHaveValue('');
    expect(within(drawer).queryByLabelText('Parameter 1')).not.toBeInTheDocument();
  });

  it('name the facts of the design page, in the interface language', async () => {
    signedInDesignViewer();
    designServer(rotaryHeader({ dynamicParameters: { ...rotaryHeader().dynamicParameters, dp0: 'cotton', dp3: 'silk' } }));
    configure({ parameterNames: namedParameters() });
    renderApp('/design/d-1');

    const info = within(await screen.findByTestId('design-info', {}, SLOW));
    const fact = (key: string) => info.getByText((_, element) => element?.getAttribute('data-fact') === key);
    await waitFor(() => expect(info.getByText('Width')).toBeInTheDocument());
    expect(fact('dp3')).toHaveTextContent('silk');
    expect(info.getByText('Fabric')).toBeInTheDocument();
    expect(info.queryByText('Parameter 4')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('ru'));
    expect(await info.findByText('Ширина')).toBeInTheDocument();
  });
});

describe('the content image server', () => {
  it('serves the archive cards and the design page images', async () => {
    const { searches } = signedInCustomer({ answer: (search) => searchPage(search.page, search.pageSize, 1) });
    configure({ contentImageBase: 'https://cdn.example.com' });
    renderApp('/archive');
    await waitFor(() => expect(searches).toHaveLength(1), SLOW);
    const card = await screen.findByTestId('search-result');
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/service/design/thumbnail/d/v/d-1/c-1');
    cleanup();

    signedInDesignViewer();
    designServer(rotaryHeader());
    configure({ contentImageBase: 'https://cdn.example.com' });
    renderApp('/design/d-1');
    // The deep-zoom pyramid (its tiles are read beside the descriptor) and the colorway thumbnails.
    expect(await screen.findByTestId('deep-zoom-canvas', {}, SLOW)).toHaveAttribute('data-tiles', 'https://cdn.example.com/service/design/tiles/d-1/c-1/k1/image.dzi');
    const strip = screen.getAllByTestId('colorway-option');
    expect(within(strip[1]!).getByRole('img')).toHaveAttribute('src', 'https://cdn.example.com/service/design/thumbnail/d/v/d-1/c-2');
  });
});
