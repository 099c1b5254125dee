import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { Label } from '@/types/design';
import type { WearModel } from '../types';

const SLOW = { timeout: 5000 };

/** A model of POST /admin/wears/get-all as crates/wear/src/dto.rs WearModelAnswer writes it for admins. */
function wearModel(overrides: Partial<WearModel> & Pick<WearModel, 'guid' | 'wearName'>): WearModel {
  return {
    wearOrder: 0,
    labelIds: [],
    labels: [],
    isEnabled: true,
    widthCm: 60,
    heightCm: 80,
    thumbnail: `/service/wear/thumbnail/${overrides.guid}?v=1`,
    names: { tr: overrides.wearName, en: overrides.wearName, ru: overrides.wearName },
    widthPx: 1200,
    heightPx: 1600,
    hasDisplacement: false,
    ...overrides,
  };
}

const seeded: WearModel[] = [
  wearModel({
    guid: 'w-1',
    wearName: 'T-shirt',
    names: { tr: 'Tişört', en: 'T-shirt', ru: 'Футболка' },
    wearOrder: 0,
    labelIds: [11],
    labels: [{ id: 11, label: 'Women' }],
    widthCm: 60,
    heightCm: 75.5,
  }),
  wearModel({ guid: 'w-2', wearName: 'Dress', names: { tr: 'Elbise', en: 'Dress', ru: 'Платье' }, wearOrder: 1, isEnabled: false, widthCm: 50, heightCm: 120 }),
];

/** GET /admin/get/all-labels: a group header and its labels. */
const adminLabels: Label[] = [
  { id: 10, label: 'Garments', labelSef: 'garments', groupId: 10, isGroupHeader: true },
  { id: 11, label: 'Women', labelSef: 'women', groupId: 10, isGroupHeader: false },
  { id: 12, label: 'Kids', labelSef: 'kids', groupId: 10, isGroupHeader: false },
];

type Sent = { method: string; path: string; fields: [string, string][] };

/** The fields of a multipart or url-encoded body, files as `file:{name}`. */
async function fieldsOf(request: Request): Promise<[string, string][]> {
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    return [...(await request.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]);
  }
  return Object.entries(await formOf(request));
}

/** A Node File: the test environment's FormData takes only that one. */
function image(name: string, type = 'image/png'): File {
  return new NodeFile([new Uint8Array(16)], name, { type }) as unknown as File;
}

/**
 * An admin on /admin/wear-models; the server keeps `initial` and changes it as told (set-state,
 * delete), records every change, and answers creates and edits with `answer` when given.
 */
function openWearModels(initial: WearModel[] = seeded, answer?: (request: Request, fields: [string, string][]) => Response | undefined) {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  let models = initial.map((model) => ({ ...model }));
  const sent: Sent[] = [];
  const asked: string[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const fields = await fieldsOf(request);
    sent.push({ method: request.method, path: `${url.pathname.replace('/service', '')}${url.search}`, fields });
    return fields;
  };
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.get('*/service/admin/get/all-labels', () => HttpResponse.json(adminLabels)),
    http.post('*/service/admin/wears/get-all', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(models);
    }),
    http.post('*/service/admin/wears/set-state', async ({ request }) => {
      const fields = Object.fromEntries(await record(request));
      models = models.map((model) => (model.guid === fields.wearGuid ? { ...model, isEnabled: fields.isEnabled === 'true' } : model));
      return HttpResponse.json({ wearGuid: fields.wearGuid, isEnabled: fields.isEnabled === 'true' });
    }),
    http.put('*/service/admin/wears', async ({ request }) => {
      const fields = await record(request);
      const refusal = answer?.(request, fields);
      if (refusal) return refusal;
      const value = (key: string) => fields.find(([name]) => name === key)?.[1] ?? '';
      const created = wearModel({ guid: 'w-3', wearName: value('nameEn'), names: { tr: value('nameTr'), en: value('nameEn'), ru: value('nameRu') }, wearOrder: 2 });
      models = [...models, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('*/service/admin/wears/:guid', async ({ request, params }) => {
      const fields = await record(request);
      const refusal = answer?.(request, fields);
      if (refusal) return refusal;
      return HttpResponse.json(models.find((model) => model.guid === params.guid));
    }),
    http.delete('*/service/admin/wears/:guid', async ({ request, params }) => {
      await record(request);
      models = models.filter((model) => model.guid !== params.guid);
      return HttpResponse.json({ deleted: true });
    }),
  );
  const user = userEvent.setup();
  return { user, sent, asked, ...renderApp('/admin/wear-models') };
}

describe('admin wear models', () => {
  it('lists the models in order with their thumbnail, real size, labels, order and state', async () => {
    const { asked } = openWearModels();
    const rows = await screen.findAllByTestId('wear-model-row', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Wear Models' })).toBeInTheDocument();
    expect(asked[0]).toBe('?language=en');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('T-shirt');
    expect(rows[0]).toHaveTextContent('60 × 75.5 cm');
    expect(rows[0]).toHaveTextContent('Women');
    expect(within(rows[0]!).getByRole('img', { name: 'T-shirt' })).toHaveAttribute('src', '/service/wear/thumbnail/w-1?v=1');
    expect(within(rows[0]!).getByLabelText('Enabled in the online archive: T-shirt')).toBeChecked();
    expect(rows[1]).toHaveTextContent('Dress');
    expect(rows[1]).toHaveTextContent('50 × 120 cm');
    expect(within(rows[1]!).getByLabelText('Enabled in the online archive: Dress')).not.toBeChecked();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Dress' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Dress' })).toBeInTheDocument();
  });

  it('says so when there is no model', async () => {
    openWearModels([]);
    expect(await screen.findByTestId('wear-models-empty', {}, SLOW)).toHaveTextContent('No wear models yet. Add one to show designs on a garment.');
  });

  it('shows a model in the online archive at once and sends set-state', async () => {
    const { user, sent } = openWearModels();
    await screen.findAllByTestId('wear-model-row', {}, SLOW);
    const toggle = screen.getByLabelText('Enabled in the online archive: Dress');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/admin/wears/set-state', fields: [['wearGuid', 'w-2'], ['isEnabled', 'true']] }]));
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it('puts the switch back and says why when the server refuses set-state', async () => {
    const { user } = openWearModels();
    await screen.findAllByTestId('wear-model-row', {}, SLOW);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The list asked again after the refusal is held too: the switch comes back before it answers.
    let releaseList: () => void = () => undefined;
    const heldList = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    const sent: Record<string, string>[] = [];
    server.use(
      http.post('*/service/admin/wears/set-state', async ({ request }) => {
        sent.push(await formOf(request));
        await held;
        return HttpResponse.json({ code: 'internal', message: 'store failed' }, { status: 500 });
      }),
      http.post('*/service/admin/wears/get-all', async () => {
        await heldList;
        return HttpResponse.json(seeded);
      }),
    );
    const toggle = screen.getByLabelText('Enabled in the online archive: T-shirt');
    await user.click(toggle);
    // Optimistic: off while the server answers.
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(sent).toEqual([{ wearGuid: 'w-1', isEnabled: 'false' }]));
    release();
    await waitFor(() => expect(toggle).toBeChecked());
    releaseList();
    expect(await screen.findByText('An unexpected service error occurred. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it('creates a model from a multipart form; checks it first, and shows a taken name on the English name', async () => {
    let refusals = 1;
    const { user, sent } = openWearModels(seeded, () => {
      if (refusals === 0) return undefined;
      refusals -= 1;
      return HttpResponse.json({ code: 'wear_model_name_taken', message: 'a wear model has this name already', field: 'nameEn' }, { status: 409 });
    });
    await screen.findAllByTestId('wear-model-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add wear model' }));
    const dialog = await screen.findByRole('dialog', { name: 'New wear model' });

    // Nothing is sent before the names, the width and the garment photo with its mask are given.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);
    expect(within(dialog).getAllByText('Choose an image.')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/^Real width/), '700');
    expect(within(dialog).getByText('Enter a width from 5 to 500 cm.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name in Turkish/), 'Yelek');
    await user.type(within(dialog).getByLabelText(/^Name in English/), 'Vest');
    await user.type(within(dialog).getByLabelText(/^Name in Russian/), 'Жилет');
    await user.clear(within(dialog).getByLabelText(/^Real width/));
    await user.type(within(dialog).getByLabelText(/^Real width/), '60,5');
    await user.click(within(dialog).getByLabelText('Labels'));
    // Group headers are not offered.
    await user.click(await screen.findByRole('option', { name: 'Kids' }));
    expect(screen.queryByRole('option', { name: 'Garments' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('wear-file-garment'), { target: { files: [image('vest.jpg', 'image/jpeg')] } });
    fireEvent.change(within(dialog).getByTestId('wear-file-mask'), { target: { files: [image('vest-mask.png')] } });
    fireEvent.change(within(dialog).getByTestId('wear-file-displacement'), { target: { files: [image('vest-depth.png')] } });
    expect(within(dialog).getByTestId('wear-file-name-garment')).toHaveTextContent('vest.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const english = within(dialog).getByLabelText(/^Name in English/);
    await waitFor(() => expect(english).toHaveAccessibleDescription('Another wear model has this name already.'));
    expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByTestId('error-alert')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/admin/wears?language=en',
        fields: [
          ['nameTr', 'Yelek'],
          ['nameEn', 'Vest'],
          ['nameRu', 'Жилет'],
          ['widthCm', '60.5'],
          ['labelIds', '12'],
          ['isEnabled', 'true'],
          ['garment', 'file:vest.jpg'],
          ['mask', 'file:vest-mask.png'],
          ['displacement', 'file:vest-depth.png'],
        ],
      },
    ]);

    await user.type(english, ' top');
    expect(english).not.toHaveAccessibleDescription('Another wear model has this name already.');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Vest top was added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New wear model' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
    expect(sent[1]!.fields[1]).toEqual(['nameEn', 'Vest top']);
    expect(await screen.findAllByTestId('wear-model-row')).toHaveLength(3);
  });

  it('edits a model: new images only with the garment photo and its mask together', async () => {
    const { user, sent } = openWearModels();
    await screen.findAllByTestId('wear-model-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Edit T-shirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit wear model · T-shirt' });
    expect(within(dialog).getByTestId('wear-images-note')).toHaveTextContent('New images replace them only when the garment photo and the mask are both chosen');
    expect(within(dialog).getByLabelText(/^Name in Turkish/)).toHaveValue('Tişört');
    expect(within(dialog).getByLabelText(/^Real width/)).toHaveValue('60');

    fireEvent.change(within(dialog).getByTestId('wear-file-garment'), { target: { files: [image('new.jpg', 'image/jpeg')] } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('To replace the images, choose the garment photo and the mask together.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove the chosen file' }));
    await user.clear(within(dialog).getByLabelText(/^Order/));
    await user.type(within(dialog).getByLabelText(/^Order/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('T-shirt was saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/admin/wears/w-1?language=en',
        fields: [
          ['nameTr', 'Tişört'],
          ['nameEn', 'T-shirt'],
          ['nameRu', 'Футболка'],
          ['widthCm', '60'],
          ['wearOrder', '5'],
          ['labelIds', '11'],
          ['isEnabled', 'true'],
        ],
      },
    ]);
  });

  it('deletes a model after confirmation', async () => {
    const { user, sent } = openWearModels();
    await screen.findAllByTestId('wear-model-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete Dress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Dress?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Dress was deleted.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: '/admin/wears/w-2', fields: [] }]);
    await waitFor(() => expect(screen.getAllByTestId('wear-model-row')).toHaveLength(1));
    expect(screen.getByTestId('wear-model-row')).toHaveTextContent('T-shirt');
  });
});
