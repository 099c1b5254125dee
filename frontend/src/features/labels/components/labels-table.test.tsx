import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { adminLabel, seededLabels, signInAdmin, type Sent } from '../testing/fixtures';
import type { LabelDraft } from '../types';

const SLOW = { timeout: 5000 };

/**
 * An admin on the Labels tab; the server keeps the labels and changes them as told, records every
 * change, and answers a create or an edit with `refuse` when it returns a response.
 */
async function openLabels(refuse?: (body: LabelDraft) => Response | undefined) {
  signInAdmin();
  let labels = seededLabels.map((label) => ({ ...label }));
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/service', ''), body });
    return body;
  };
  server.use(
    http.get('*/service/admin/labels', () => HttpResponse.json(labels)),
    http.post('*/service/admin/labels', async ({ request }) => {
      const body = (await record(request)) as LabelDraft;
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      const created = adminLabel({ id: 40, ...body });
      labels = [...labels, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/service/admin/labels/:id', async ({ request, params }) => {
      const body = (await record(request)) as LabelDraft;
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      labels = labels.map((label) => (label.id === Number(params.id) ? { ...label, ...body, label: body.names.en } : label));
      return HttpResponse.json(labels.find((label) => label.id === Number(params.id)));
    }),
    http.post('*/service/admin/labels/:id/merge', async ({ request, params }) => {
      const { into } = (await record(request)) as { into: number };
      const merged = labels.find((label) => label.id === Number(params.id))!;
      labels = labels.filter((label) => label !== merged).map((label) => (label.id === into ? { ...label, labelCount: label.labelCount + merged.labelCount } : label));
      return HttpResponse.json({ label: labels.find((label) => label.id === into), moved: merged.labelCount });
    }),
    http.delete('*/service/admin/labels/:id', async ({ request, params }) => {
      await record(request);
      const deleted = labels.find((label) => label.id === Number(params.id))!;
      labels = labels.filter((label) => label !== deleted);
      return HttpResponse.json({ deleted: true, designCount: deleted.labelCount });
    }),
  );
  const user = userEvent.setup();
  renderApp('/admin/labels?tab=manage');
  await screen.findAllByTestId('label-row', {}, SLOW);
  return { user, sent };
}

const rowOf = (name: string) => screen.getAllByTestId('label-row').find((row) => within(row).queryByRole('cell', { name }))!;

describe('admin design labeling: the labels tab', () => {
  it('lists every label with its three names, its group and its counts', async () => {
    await openLabels();
    expect(screen.getByRole('tab', { name: 'Labels', selected: true })).toBeInTheDocument();
    const rows = screen.getAllByTestId('label-row');
    expect(rows).toHaveLength(seededLabels.length);
    expect(rows[0]).toHaveTextContent('RenkColourЦветGroup header00');
    expect(rows[0]).toHaveAttribute('data-group-header', 'true');
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Kırmızı', 'Red', 'Красный', 'Colour', '1,250', '2', '']);
    expect(within(rowOf('Vintage')).getAllByRole('cell')[3]).toHaveTextContent('—');
    // A group header carries no design: it is not merged.
    expect(within(rows[0]!).queryByRole('button', { name: 'Merge Colour' })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Merge Red' })).toBeInTheDocument();
  });

  it('creates a label in a group; a name another label has is shown, translated, on its field', async () => {
    let refusals = 1;
    const { user, sent } = await openLabels(() => {
      if (refusals === 0) return undefined;
      refusals -= 1;
      return HttpResponse.json({ code: 'duplicate_label_name', message: 'taken', field: 'names.en' }, { status: 409 });
    });
    await user.click(screen.getByRole('button', { name: 'New label' }));
    const dialog = await screen.findByRole('dialog', { name: 'New label' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3);
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name in Turkish/), ' Yeşil ');
    await user.type(within(dialog).getByLabelText(/^Name in English/), 'Red');
    await user.type(within(dialog).getByLabelText(/^Name in Russian/), 'Зелёный');
    await user.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Only group headers are groups.
    expect(options.map((option) => option.textContent)).toEqual(['No group', 'Colour', 'Motif']);
    await user.click(options[1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const english = within(dialog).getByLabelText(/^Name in English/);
    await waitFor(() => expect(english).toHaveAccessibleDescription('Another label already has this name in this language.'));
    expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByTestId('error-alert')).not.toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/admin/labels', body: { names: { tr: 'Yeşil', en: 'Red', ru: 'Зелёный' }, groupId: 10, isGroupHeader: false } }]);

    await user.clear(english);
    expect(english).not.toHaveAccessibleDescription('Another label already has this name in this language.');
    await user.type(english, 'Green');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The label Green was created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New label' })).not.toBeInTheDocument());
    expect(sent[1]).toEqual({ method: 'POST', path: '/admin/labels', body: { names: { tr: 'Yeşil', en: 'Green', ru: 'Зелёный' }, groupId: 10, isGroupHeader: false } });
    expect(await screen.findAllByTestId('label-row')).toHaveLength(seededLabels.length + 1);
  });

  it('edits a label into a group header: it leaves its group; a refused group is said on the group field', async () => {
    const { user, sent } = await openLabels((body) =>
      body.groupId === 20 ? HttpResponse.json({ code: 'label_group_invalid', message: 'not a header' }, { status: 400 }) : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Stripes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit label · Stripes' });
    expect(within(dialog).getByLabelText(/^Name in Turkish/)).toHaveValue('Çizgili');
    expect(within(dialog).getByRole('combobox', { name: 'Group' })).toHaveTextContent('Motif');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const group = within(dialog).getByRole('combobox', { name: 'Group' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(/Choose a group header as the group/));

    await user.click(within(dialog).getByRole('switch', { name: 'Group header' }));
    expect(within(dialog).getByRole('combobox', { name: 'Group' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The label Stripes was saved.')).toBeInTheDocument();
    expect(sent.map((request) => request.body)).toEqual([
      { names: { tr: 'Çizgili', en: 'Stripes', ru: 'Полоска' }, groupId: 20, isGroupHeader: false },
      { names: { tr: 'Çizgili', en: 'Stripes', ru: 'Полоска' }, groupId: null, isGroupHeader: true },
    ]);
    expect(sent[1]!.path).toBe('/admin/labels/22');
  });

  it('merges a label into another: says how many designs move, then how many did', async () => {
    const { user, sent } = await openLabels();
    await user.click(screen.getByRole('button', { name: 'Merge Stripes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Stripes into another label' });
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent('The 5 designs carrying Stripes will carry the label you choose instead');
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Merge into' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Neither itself nor a group header.
    expect(options.map((option) => option.textContent)).toEqual(['Blue', 'Red', 'Floral', 'Vintage']);
    await user.click(screen.getByRole('option', { name: 'Floral' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Stripes was merged into Floral: 5 designs moved.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/admin/labels/22/merge', body: { into: 21 } }]);
    await waitFor(() => expect(screen.getAllByTestId('label-row')).toHaveLength(seededLabels.length - 1));
    expect(within(rowOf('Floral')).getAllByRole('cell')[4]).toHaveTextContent('45');
  });

  it('shows a refused merge in the dialog, translated', async () => {
    const { user } = await openLabels();
    server.use(
      http.post('*/service/admin/labels/:id/merge', () => HttpResponse.json({ code: 'label_merge_into_itself', message: 'same label' }, { status: 400 })),
    );
    await user.click(screen.getByRole('button', { name: 'Merge Blue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Blue into another label' });
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent('The 3 designs carrying Blue');
    await user.click(within(dialog).getByRole('combobox', { name: 'Merge into' }));
    await user.click(await screen.findByRole('option', { name: 'Red' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByTestId('error-alert')).toHaveTextContent('A label cannot be merged into itself. Choose another label.');
    expect(screen.getByRole('dialog', { name: 'Merge Blue into another label' })).toBeInTheDocument();
  });

  it('deletes a label after a confirmation that says how many designs carry it', async () => {
    const { user, sent } = await openLabels();
    await user.click(screen.getByRole('button', { name: 'Delete Red' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the label Red?' });
    expect(within(dialog).getByTestId('delete-label-summary')).toHaveTextContent(
      '1,250 designs carry this label and lose it; the designs stay in the archive. It is also taken off 2 wear models.',
    );
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete label' }));
    expect(await screen.findByText('The label Red was deleted; 1,250 designs lost it.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: '/admin/labels/11', body: null }]);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Red' })).not.toBeInTheDocument());
  });

  it('shows a refusal to delete, translated', async () => {
    const { user } = await openLabels();
    server.use(http.delete('*/service/admin/labels/:id', () => HttpResponse.json({ code: 'label_not_found', message: 'gone' }, { status: 404 })));
    await user.click(screen.getByRole('button', { name: 'Delete Vintage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the label Vintage?' });
    expect(within(dialog).getByTestId('delete-label-summary')).toHaveTextContent('No design carries this label.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete label' }));
    expect(await screen.findByText('One of the chosen labels no longer exists.')).toBeInTheDocument();
  });
});

