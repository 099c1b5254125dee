import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { queryKeys } from '@/api/reference/keys';
import { setSession } from '@/lib/session';
import { allDesignFields, defaultCustomerFields, testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { StudioBanner } from '@/types/configuration';
import type { DesignFields } from '@/types/reference';
import { generalSettings } from '../testing/fixtures';
import type { GeneralSettings } from '../types';

const SLOW = { timeout: 5000 };

type Refusal = { status: number; body: { code: string; message: string; field?: string } };

type Options = {
  fields?: DesignFields;
  refuseFields?: boolean;
  general?: GeneralSettings;
  /** The answer to the next general settings save, instead of saving it. */
  refuseGeneral?: Refusal;
};

/**
 * An admin on /admin/settings. The server holds the customer fields and the general settings,
 * records every save, and answers GET /get/configuration from the general settings it holds
 * (so that the app's configuration follows a save).
 */
async function openSettings({ fields = defaultCustomerFields(), refuseFields = false, general = generalSettings(), refuseGeneral }: Options = {}) {
  const user = userEvent.setup();
  const saves: unknown[] = [];
  const generalSaves: GeneralSettings[] = [];
  let configurationReads = 0;
  let storedFields = fields;
  let storedGeneral = general;
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.get('*/service/admin/settings/design-fields', () => HttpResponse.json(storedFields)),
    http.post('*/service/admin/settings/design-fields', async ({ request }) => {
      const body = (await request.json()) as DesignFields;
      saves.push(body);
      if (refuseFields) return HttpResponse.json({ code: 'not_authorized', message: 'no' }, { status: 403 });
      storedFields = body;
      return HttpResponse.json(body);
    }),
    http.get('*/service/admin/get/all-archives', () =>
      HttpResponse.json([
        { archiveId: 1, archiveName: 'Main archive', code: '01' },
        { archiveId: 2, archiveName: 'Digital archive', code: '02' },
      ]),
    ),
    http.get('*/service/admin/settings/general', () => HttpResponse.json(storedGeneral)),
    http.put('*/service/admin/settings/general', async ({ request }) => {
      const body = (await request.json()) as GeneralSettings;
      generalSaves.push(body);
      if (refuseGeneral) return HttpResponse.json(refuseGeneral.body, { status: refuseGeneral.status });
      storedGeneral = body;
      return HttpResponse.json(body);
    }),
    http.get('*/service/get/configuration', () => {
      configurationReads += 1;
      // What only the server reads is not part of the configuration.
      const configuration: Partial<GeneralSettings> = { ...storedGeneral };
      delete configuration.studioMail;
      delete configuration.cadCompanyCodes;
      delete configuration.cadFormats;
      return HttpResponse.json(configuration);
    }),
  );
  const app = renderApp('/admin/settings');
  const fieldsSection = await screen.findByRole('region', { name: 'What customers see' }, SLOW);
  await within(fieldsSection).findByRole('switch', { name: 'Notes' });
  const generalSection = screen.getByRole('region', { name: 'General' });
  await within(generalSection).findByRole('button', { name: 'Save' });
  return {
    user,
    saves,
    generalSaves,
    configurationReads: () => configurationReads,
    section: within(fieldsSection),
    general: within(generalSection),
    ...app,
  };
}

describe('admin settings: general', () => {
  it('shows the saved settings, saves the whole document and the whole app follows at once', async () => {
    const { user, general, generalSaves, configurationReads, queryClient } = await openSettings();
    // What the server derives from the settings, cached: a save must make it stale.
    queryClient.setQueryData(queryKeys.cadRights, { download: false, selection: false, downloadAll: false, export: false, formats: [] });
    queryClient.setQueryData(queryKeys.similarStatus, { available: true, indexedColorways: 3 });

    expect(general.getByRole('switch', { name: 'Users may choose the interface language' })).toBeChecked();
    expect(general.getByRole('switch', { name: 'Users may choose the CAD format' })).not.toBeChecked();
    await waitFor(() => expect(general.getByLabelText('Archive the search opens with')).toHaveDisplayValue('All archives'));
    expect(general.getByLabelText('Order the search opens with')).toHaveDisplayValue('Upload date, newest first');
    expect(general.getByLabelText('Designs per page')).toHaveValue(25);
    expect(general.getByLabelText('Parameter 1, English')).toHaveValue('Parameter 1');
    expect(general.getByLabelText('Parameter 10, Русский')).toHaveValue('Параметр 10');
    expect(general.getByRole('button', { name: 'X-1' })).toBeInTheDocument();
    expect(general.getByRole('radio', { name: 'Default format: Production file' })).toBeChecked();
    expect(general.getByRole('button', { name: 'Save' })).toBeDisabled();
    // The app bar offers the language choice while the settings allow it.
    expect(screen.getByTestId('language-select')).toBeInTheDocument();

    await user.click(general.getByRole('switch', { name: 'Users may choose the interface language' }));
    await user.click(general.getByRole('switch', { name: 'Users may choose the CAD format' }));
    await user.selectOptions(general.getByLabelText('Archive the search opens with'), 'Digital archive');
    await user.selectOptions(general.getByLabelText('Order the search opens with'), 'Design number');
    await user.clear(general.getByLabelText('Designs per page'));
    await user.type(general.getByLabelText('Designs per page'), '40');
    await user.type(general.getByLabelText(/^Content image server/), 'https://cdn.example.com');
    await user.clear(general.getByLabelText('Parameter 1, English'));
    await user.type(general.getByLabelText('Parameter 1, English'), 'Fabric');
    await user.type(general.getByLabelText(/^Studio e-mail address/), 'studio@example.com');
    await user.type(general.getByLabelText(/^Customer codes with CAD downloads/), 'ACME-01{Enter}');
    await user.click(general.getByRole('checkbox', { name: 'Separations' }));
    await user.click(general.getByRole('radio', { name: 'Default format: Original file' }));
    const reads = configurationReads();
    await user.click(general.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The general settings were saved.')).toBeInTheDocument();
    const names = generalSettings().parameterNames.map((name, index) => (index === 0 ? { ...name, en: 'Fabric' } : name));
    expect(generalSaves).toEqual([
      generalSettings({
        languageSelection: false,
        cadSelection: true,
        defaultArchiveId: 2,
        defaultOrder: 2,
        pageSize: 40,
        contentImageBase: 'https://cdn.example.com',
        parameterNames: names,
        studioMail: 'studio@example.com',
        cadCompanyCodes: ['X-1', 'ACME-01'],
        // Separations no longer offered; the original file made the default, the production file kept after it.
        cadFormats: [3, 1],
      }),
    ]);
    await waitFor(() => expect(general.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(general.getByLabelText('Designs per page')).toHaveValue(40);
    // The configuration was read again at once: the app bar's language choice is gone.
    await waitFor(() => expect(configurationReads()).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByTestId('language-select')).not.toBeInTheDocument());
    expect(queryClient.getQueryState(queryKeys.cadRights)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.similarStatus)?.isInvalidated).toBe(true);
  });

  it('shows a refusal on the field it names, translated, and keeps the changes', async () => {
    const refusal = { status: 400, body: { code: 'invalid_form', message: 'pageSize must be 10..100', field: 'pageSize' } };
    const { user, general, generalSaves } = await openSettings({ refuseGeneral: refusal });
    await user.clear(general.getByLabelText('Designs per page'));
    await user.type(general.getByLabelText('Designs per page'), '50');
    await user.click(general.getByRole('button', { name: 'Save' }));

    const pageSize = general.getByLabelText('Designs per page');
    await waitFor(() => expect(pageSize).toHaveAttribute('aria-invalid', 'true'));
    expect(pageSize).toHaveAccessibleDescription('Enter a whole number from 10 to 100.');
    expect(general.getByTestId('general-settings-problems')).toHaveTextContent('Some settings need a correction: see the marked fields.');
    expect(generalSaves).toHaveLength(1);
    expect(screen.queryByText('The general settings were saved.')).not.toBeInTheDocument();
    expect(pageSize).toHaveValue(50);

    // A change takes the refusal away.
    await user.clear(pageSize);
    await user.type(pageSize, '60');
    expect(pageSize).toHaveAttribute('aria-invalid', 'false');
    expect(general.queryByTestId('general-settings-problems')).not.toBeInTheDocument();
  });

  it('says another code on its field in the words of errors.json', async () => {
    const refusal = { status: 404, body: { code: 'archive_not_found', message: 'no archive', field: 'defaultArchiveId' } };
    const { user, general } = await openSettings({ refuseGeneral: refusal });
    await waitFor(() => expect(general.getByRole('option', { name: 'Main archive' })).toBeInTheDocument());
    await user.selectOptions(general.getByLabelText('Archive the search opens with'), 'Main archive');
    await user.click(general.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(general.getByLabelText('Archive the search opens with')).toHaveAccessibleDescription('The archive was not found.'));
  });

  it('checks the form before sending, and undoes the changes', async () => {
    const { user, general, generalSaves } = await openSettings();
    await user.clear(general.getByLabelText('Parameter 3, Türkçe'));
    await user.clear(general.getByLabelText('Designs per page'));
    await user.type(general.getByLabelText('Designs per page'), '5');
    await user.click(general.getByRole('button', { name: 'Save' }));

    expect(generalSaves).toHaveLength(0);
    expect(general.getByLabelText('Designs per page')).toHaveAccessibleDescription('Enter a whole number from 10 to 100.');
    expect(general.getByText('Every parameter needs a name of 1 to 60 characters in each language.')).toBeInTheDocument();
    expect(general.getByLabelText('Parameter 3, Türkçe')).toHaveAttribute('aria-invalid', 'true');
    expect(general.getByLabelText('Parameter 3, English')).toHaveAttribute('aria-invalid', 'false');

    await user.click(general.getByRole('button', { name: 'Undo changes' }));
    expect(general.getByLabelText('Parameter 3, Türkçe')).toHaveValue('Parametre 3');
    expect(general.getByLabelText('Designs per page')).toHaveValue(25);
    expect(general.queryByTestId('general-settings-problems')).not.toBeInTheDocument();
    expect(general.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('admin settings: banners', () => {
  const linen: StudioBanner = { id: 'b-1', link: '', title: { tr: 'Keten haftası', en: 'Linen week', ru: '' } };
  const denim: StudioBanner = { id: 'b-2', link: 'https://shop.example.com/denim', title: { tr: '', en: 'Denim', ru: 'Деним' } };
  const BANNERS_PROBLEM =
    'Check the banners: each link must be empty, an address in the app starting with /, or an http:// or https:// address, of up to 300 characters; each title may have up to 100 characters; at most 12 banners, each with an uploaded image.';

  /** Node's File: the test environment's FormData takes only that one. */
  function photo(name: string, type: string): File {
    return new NodeFile([new Uint8Array(64)], name, { type }) as unknown as File;
  }

  /** POST /admin/settings/banners answering `answer` (the new image `b-new` unless told), its form fields recorded. */
  function acceptUploads(answer: () => Response = () => HttpResponse.json({ id: 'b-new', width: 2000, height: 600 })) {
    const uploads: [string, string][][] = [];
    server.use(
      http.post('*/service/admin/settings/banners', async ({ request }) => {
        uploads.push([...(await request.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}:${value.type}`]));
        return answer();
      }),
    );
    return uploads;
  }

  function bannersOf(general: Awaited<ReturnType<typeof openSettings>>['general']) {
    const field = general.getByTestId('banner-settings');
    return { field: within(field), banner: (number: number) => within(within(field).getByRole('group', { name: `Banner ${number}` })) };
  }

  it('uploads an image, appends its banner, and saves the banners with their titles, links and order', async () => {
    const uploads = acceptUploads();
    const { user, general, generalSaves } = await openSettings({ general: generalSettings({ banners: [linen] }) });
    const { field, banner } = bannersOf(general);
    expect(general.getByRole('group', { name: 'Banners' })).toBeInTheDocument();
    expect(banner(1).getByRole('img', { name: 'Image of banner 1' })).toHaveAttribute('src', '/service/banner/b-1/thumb');
    expect(banner(1).getByLabelText('Title, English')).toHaveValue('Linen week');
    expect(banner(1).getByLabelText('Title, Türkçe')).toHaveValue('Keten haftası');
    expect(banner(1).getByLabelText(/^Link/)).toHaveAccessibleDescription(/like \/archive\?labels=3, or a full https:\/\/ address/);

    fireEvent.change(field.getByTestId('banner-input'), { target: { files: [photo('summer.jpg', 'image/jpeg')] } });
    await field.findByRole('group', { name: 'Banner 2' });
    expect(uploads).toEqual([[['file', 'file:summer.jpg:image/jpeg']]]);
    // The new banner: its image, no title and no link yet; not saved until Save.
    expect(banner(2).getByRole('img', { name: 'Image of banner 2' })).toHaveAttribute('src', '/service/banner/b-new/thumb');
    expect(banner(2).getByLabelText('Title, English')).toHaveValue('');
    expect(banner(2).getByLabelText(/^Link/)).toHaveValue('');
    expect(generalSaves).toHaveLength(0);

    await user.type(banner(2).getByLabelText('Title, English'), 'Summer sale');
    await user.type(banner(2).getByLabelText('Title, Русский'), 'Летняя распродажа');
    await user.type(banner(2).getByLabelText(/^Link/), ' /archive?labels=3 ');
    // Moved first: the arrow's focus follows it (its up arrow is off at the top, so the down one).
    await user.click(banner(2).getByRole('button', { name: 'Move banner 2 up' }));
    expect(banner(1).getByLabelText('Title, English')).toHaveValue('Summer sale');
    expect(banner(2).getByLabelText('Title, English')).toHaveValue('Linen week');
    expect(banner(1).getByRole('button', { name: 'Move banner 1 up' })).toBeDisabled();
    await waitFor(() => expect(banner(1).getByRole('button', { name: 'Move banner 1 down' })).toHaveFocus());

    await user.click(general.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The general settings were saved.')).toBeInTheDocument();
    expect(generalSaves).toEqual([
      generalSettings({
        banners: [{ id: 'b-new', link: '/archive?labels=3', title: { tr: '', en: 'Summer sale', ru: 'Летняя распродажа' } }, linen],
      }),
    ]);
    await waitFor(() => expect(general.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('moves and removes banners, and undoes it all', async () => {
    const { user, general, generalSaves } = await openSettings({ general: generalSettings({ banners: [linen, denim] }) });
    const { field, banner } = bannersOf(general);
    expect(banner(1).getByRole('button', { name: 'Move banner 1 up' })).toBeDisabled();
    expect(banner(2).getByRole('button', { name: 'Move banner 2 down' })).toBeDisabled();

    await user.click(banner(1).getByRole('button', { name: 'Move banner 1 down' }));
    expect(banner(1).getByLabelText('Title, English')).toHaveValue('Denim');
    await user.click(general.getByRole('button', { name: 'Undo changes' }));
    expect(banner(1).getByLabelText('Title, English')).toHaveValue('Linen week');

    await user.click(banner(1).getByRole('button', { name: 'Remove banner 1' }));
    expect(field.getAllByRole('group')).toHaveLength(1);
    expect(banner(1).getByLabelText('Title, English')).toHaveValue('Denim');
    await user.click(banner(1).getByRole('button', { name: 'Remove banner 1' }));
    expect(field.getByText('No banners yet: the archive shows only the collections marked as banners.')).toBeInTheDocument();
    await user.click(general.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The general settings were saved.')).toBeInTheDocument();
    expect(generalSaves.map((saved) => saved.banners)).toEqual([[]]);
  });

  it('checks the links before sending, and says a refusal of the banners in the form’s words', async () => {
    const refusal = { status: 400, body: { code: 'invalid_form', message: 'banners[0].id is not an uploaded banner', field: 'banners' } };
    const { user, general, generalSaves } = await openSettings({ general: generalSettings({ banners: [linen] }), refuseGeneral: refusal });
    const { banner } = bannersOf(general);
    const link = banner(1).getByLabelText(/^Link/);
    await user.type(link, '//elsewhere.example.com');
    await user.click(general.getByRole('button', { name: 'Save' }));

    expect(generalSaves).toHaveLength(0);
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(banner(1).getByLabelText('Title, English')).toHaveAttribute('aria-invalid', 'false');
    expect(general.getByTestId('banner-settings')).toHaveAccessibleDescription(BANNERS_PROBLEM);
    expect(general.getByTestId('general-settings-problems')).toBeInTheDocument();

    await user.clear(link);
    await user.type(link, 'https://shop.example.com/linen');
    expect(link).toHaveAttribute('aria-invalid', 'false');
    await user.click(general.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(generalSaves).toHaveLength(1));
    expect(generalSaves[0]!.banners).toEqual([{ ...linen, link: 'https://shop.example.com/linen' }]);
    await waitFor(() => expect(general.getByTestId('banner-settings')).toHaveAccessibleDescription(BANNERS_PROBLEM));
    expect(general.getByTestId('general-settings-problems')).toHaveTextContent('Some settings need a correction: see the marked fields.');
    expect(screen.queryByText('The general settings were saved.')).not.toBeInTheDocument();
    expect(link).toHaveValue('https://shop.example.com/linen');
  });

  it('says why an image was refused, in the words of errors.json, and takes at most 12 banners', async () => {
    const eleven = Array.from({ length: 11 }, (_, index): StudioBanner => ({ id: `b-${index + 1}`, link: '', title: { tr: '', en: `Banner text ${index + 1}`, ru: '' } }));
    let refuse = true;
    const uploads = acceptUploads(() =>
      refuse ? HttpResponse.json({ code: 'photo_too_large', message: 'over 40 megapixels' }, { status: 413 }) : HttpResponse.json({ id: 'b-12', width: 1200, height: 400 }),
    );
    const { general } = await openSettings({ general: generalSettings({ banners: eleven }) });
    const { field } = bannersOf(general);
    const input = field.getByTestId('banner-input');
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/jpeg,image/png,image/webp'));

    // Not a photo the server takes: said at once, nothing sent.
    fireEvent.change(input, { target: { files: [photo('moving.gif', 'image/gif')] } });
    expect(await field.findByText('Only JPEG, PNG and WebP images can be uploaded.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    fireEvent.change(input, { target: { files: [photo('huge.png', 'image/png')] } });
    expect(await field.findByText('The image is over 20 MB or 40 megapixels.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(field.getAllByTestId('banner-setting')).toHaveLength(11);

    refuse = false;
    fireEvent.change(input, { target: { files: [photo('wide.webp', 'image/webp')] } });
    await waitFor(() => expect(field.getAllByTestId('banner-setting')).toHaveLength(12));
    expect(field.queryByTestId('banner-upload-error')).not.toBeInTheDocument();
    const add = field.getByRole('button', { name: 'Add banner' });
    expect(add).toBeDisabled();
    expect(field.getByText('At most 12 banners: remove one to add another.')).toBeInTheDocument();

    await userEvent.setup().click(field.getByRole('button', { name: 'Remove banner 12' }));
    expect(add).toBeEnabled();
    expect(field.queryByText('At most 12 banners: remove one to add another.')).not.toBeInTheDocument();
  });
});

describe('admin settings: what customers see', () => {
  it('shows the saved switches, saves the changed ones and refreshes both field lists', async () => {
    const { user, saves, section, queryClient } = await openSettings();
    // The archive's own list, cached: a save must make it stale.
    queryClient.setQueryData(queryKeys.designFields.viewer, allDesignFields());

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(section.getByRole('switch', { name: 'Notes' })).not.toBeChecked();
    expect(section.getByRole('switch', { name: 'Original name' })).not.toBeChecked();
    expect(section.getByRole('switch', { name: 'Studio' })).toBeChecked();
    expect(section.getByRole('switch', { name: 'Closed countries' })).toBeChecked();
    expect(section.getAllByRole('switch')).toHaveLength(14);
    expect(section.getByRole('switch', { name: 'Parameter 10' })).toBeChecked();
    expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(section.getByRole('switch', { name: 'Notes' }));
    await user.click(section.getByRole('switch', { name: 'Parameter 3' }));
    await user.click(section.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    const parameters = Array.from({ length: 10 }, (_, index) => index !== 2);
    expect(saves).toEqual([{ notes: true, originalName: false, studio: true, closedCountries: true, dynamicParameters: parameters }]);
    await waitFor(() => expect(section.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(section.getByRole('switch', { name: 'Notes' })).toBeChecked();
    expect(section.getByRole('switch', { name: 'Parameter 3' })).not.toBeChecked();
    expect(queryClient.getQueryState(queryKeys.designFields.viewer)?.isInvalidated).toBe(true);
  });

  it('names the parameters as the studio named them', async () => {
    const general = generalSettings();
    general.parameterNames[2] = { tr: 'Kumaş', en: 'Fabric', ru: 'Ткань' };
    const { section } = await openSettings({ general });
    expect(await section.findByRole('switch', { name: 'Fabric' })).toBeChecked();
    expect(section.queryByRole('switch', { name: 'Parameter 3' })).not.toBeInTheDocument();
  });

  it('shows a refused save as a translated error toast and keeps the changes', async () => {
    const { user, section } = await openSettings({ refuseFields: true });
    await user.click(section.getByRole('switch', { name: 'Studio' }));
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You are not authorized to access this page.')).toBeInTheDocument();
    expect(section.getByRole('switch', { name: 'Studio' })).not.toBeChecked();
    expect(section.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('is linked from the admin menu', async () => {
    await openSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });
});
