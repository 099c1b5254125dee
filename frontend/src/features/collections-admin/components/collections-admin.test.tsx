import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formOf, server } from '@/testing/server';
import { design, node, openAdmin, SLOW } from '../testing/fixtures';
import type { CollectionDetail, CollectionKind, DesignGroup } from '../types';

describe('admin collections: the kind of a sub-collection', () => {
  it('is chosen only after a confirmation that says it cannot be undone, and sent as `kind` in a PATCH', async () => {
    const sent: { method: string; fields: [string, string][] }[] = [];
    const { user, change } = openAdmin(node({ id: 5, parentId: 4, name: 'Beach moods' }));
    server.use(
      http.patch('*/service/admin/new-collection', async ({ request }) => {
        const fields = [...(await request.formData()).entries()].map(([key, value]) => [key, String(value)] as [string, string]);
        sent.push({ method: request.method, fields });
        const kind = fields.find(([key]) => key === 'kind')?.[1] as CollectionKind;
        change({ kind });
        return HttpResponse.json(node({ id: 5, parentId: 4, name: 'Beach moods', kind }));
      }),
    );
    const choice = await screen.findByTestId('kind-choice', {}, SLOW);
    expect(choice).toHaveTextContent('The choice is made once and cannot be changed later.');

    // Backing out changes nothing.
    await user.click(within(choice).getByRole('button', { name: 'Make it a mood board' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make Beach moods a mood board?' });
    expect(dialog).toHaveTextContent('This cannot be undone: a sub-collection is set only once as a mood board or a design page.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(within(choice).getByRole('button', { name: 'Make it a design page' }));
    dialog = await screen.findByRole('dialog', { name: 'Make Beach moods a design page?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Make it a design page' }));

    expect(await screen.findByText('Beach moods is now a design page.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        fields: [
          ['id', '5'],
          ['kind', 'design'],
        ],
      },
    ]);
    // The sub-collection is a design page now: its groups editor replaces the choice.
    expect(await screen.findByTestId('groups-editor', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('kind-choice')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog when the kind was set meanwhile', async () => {
    const { user } = openAdmin(node({ id: 5, parentId: 4, name: 'Beach moods' }));
    server.use(
      http.patch('*/service/admin/new-collection', () => HttpResponse.json({ code: 'collection_kind_fixed', message: 'set once' }, { status: 409 })),
    );
    await user.click(await screen.findByRole('button', { name: 'Make it a mood board' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Make Beach moods a mood board?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make it a mood board' }));
    expect(await within(dialog).findByTestId('error-alert')).toHaveAttribute('data-code', 'collection_kind_fixed');
  });
});

describe('admin collections: the groups of a design page', () => {
  const page = node({ id: 6, parentId: 4, name: 'Prints', kind: 'design', itemCount: 3 });
  const saved: DesignGroup[] = [
    { id: 31, name: 'Florals', designs: [design(1), design(2)] },
    { id: 32, name: 'Stripes', designs: [design(3)] },
  ];

  /** Records each modify-group form and keeps and answers the groups it names, as the server does. */
  function recordSaves(store: (next: Partial<CollectionDetail>) => void) {
    const forms: Record<string, string>[] = [];
    server.use(
      http.post('*/service/admin/new-collection/modify-group', async ({ request }) => {
        const form = await formOf(request);
        forms.push(form);
        const groups = JSON.parse(form.groupData!) as { name: string; designGuids: string[]; criteria?: DesignGroup['criteria'] }[];
        const answer = groups.map((group, index) => ({
          id: 40 + index,
          name: group.name,
          criteria: group.criteria ?? null,
          designs: group.designGuids.map((guid) => design(Number(guid.slice(2)))),
        }));
        store({ groups: answer });
        return HttpResponse.json(answer);
      }),
    );
    return forms;
  }

  const groupNames = () => screen.getAllByTestId('design-group').map((group) => within(group).getByLabelText(/Group name/).getAttribute('value'));
  const designsOf = (index: number) => within(screen.getAllByTestId('design-group')[index]!).queryAllByTestId('group-design').map((row) => row.textContent);

  it('reorders groups and designs with the arrow buttons and saves them in that order', async () => {
    const { user, store } = openAdmin(page, { groups: saved });
    const forms = recordSaves(store);
    await screen.findByTestId('groups-editor', {}, SLOW);
    expect(groupNames()).toEqual(['Florals', 'Stripes']);
    expect(screen.getByRole('button', { name: 'Move group Florals up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move group Stripes up' }));
    expect(groupNames()).toEqual(['Stripes', 'Florals']);
    await user.click(screen.getByRole('button', { name: 'Move 01-0002 up' }));
    expect(designsOf(1)).toEqual(['01-0002', '01-0001']);
    expect(screen.getByTestId('groups-unsaved')).toHaveTextContent('Unsaved changes');

    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    expect(await screen.findByText('The groups were saved.')).toBeInTheDocument();
    expect(forms).toHaveLength(1);
    expect(forms[0]!.collectionId).toBe('6');
    expect(JSON.parse(forms[0]!.groupData!)).toEqual([
      { name: 'Stripes', designGuids: ['d-3'] },
      { name: 'Florals', designGuids: ['d-2', 'd-1'] },
    ]);
    await waitFor(() => expect(screen.queryByTestId('groups-unsaved')).not.toBeInTheDocument());
  });

  it('reorders by drag and drop: a group by its handle, a design by its row', async () => {
    openAdmin(page, { groups: saved });
    await screen.findByTestId('groups-editor', {}, SLOW);
    const dataTransfer = () => ({ setData: () => undefined, getData: () => '', effectAllowed: 'all', dropEffect: 'move', types: ['text/plain'] });

    const [florals, stripes] = screen.getAllByTestId('design-group');
    fireEvent.mouseDown(within(florals!).getByTitle('Drag to reorder'));
    fireEvent.dragStart(florals!, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(stripes!, { dataTransfer: dataTransfer() });
    fireEvent.drop(stripes!, { dataTransfer: dataTransfer() });
    fireEvent.dragEnd(florals!, { dataTransfer: dataTransfer() });
    expect(groupNames()).toEqual(['Stripes', 'Florals']);

    const [first, second] = within(screen.getAllByTestId('design-group')[1]!).getAllByTestId('group-design');
    fireEvent.dragStart(first!, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(second!, { dataTransfer: dataTransfer() });
    fireEvent.drop(second!, { dataTransfer: dataTransfer() });
    fireEvent.dragEnd(first!, { dataTransfer: dataTransfer() });
    expect(designsOf(1)).toEqual(['01-0002', '01-0001']);
  });

  it('keeps a smart group’s saved search: its designs are shown, not edited, and it is saved back with its criteria', async () => {
    const criteria = {
      designNumber: '02-',
      allowedArchive: null,
      allowedScreenStatus: [],
      allowedScreenCounts: [],
      allowedLabels: [11],
      forbiddenLabels: [],
      allowedCustomers: [],
      forbiddenCustomers: [],
      allowedYears: [],
      allowOwnDesigns: true,
      allowConfinedDesigns: false,
      allowUnlabeledDesigns: false,
      resultsPerPage: 25,
    };
    const { user, store } = openAdmin(page, { groups: [{ id: 33, name: 'New florals', criteria, designs: [design(5), design(4)] }, saved[1]!] });
    const forms = recordSaves(store);
    await screen.findByTestId('groups-editor', {}, SLOW);
    const [smart] = screen.getAllByTestId('design-group');
    expect(within(smart!).getByTestId('smart-group')).toHaveTextContent('Smart group: its designs are what a saved search finds');
    expect(designsOf(0)).toEqual(['01-0005', '01-0004']);
    expect(within(smart!).queryByRole('button', { name: 'Remove 01-0005' })).not.toBeInTheDocument();
    expect(within(smart!).queryByLabelText('Add a design by number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move group Stripes up' }));
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(JSON.parse(forms[0]!.groupData!)).toEqual([
      { name: 'Stripes', designGuids: ['d-3'] },
      { name: 'New florals', designGuids: [], criteria },
    ]);
  });

  it('refuses to save without a group, asking nothing of the server', async () => {
    const { user, store } = openAdmin(page, { groups: saved });
    const forms = recordSaves(store);
    await screen.findByTestId('groups-editor', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete group Florals' }));
    await user.click(screen.getByRole('button', { name: 'Delete group Stripes' }));
    expect(screen.getByText('No groups yet. Add a group to start.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    expect(await screen.findByTestId('groups-problem')).toHaveTextContent('Add at least 1 group to save.');
    expect(forms).toEqual([]);

    // A new group (with a design found by number) can be saved.
    server.use(
      http.get('*/service/admin/design/search', ({ request }) => {
        const query = new URL(request.url).searchParams.get('query');
        const items = query === '01-0004' ? [{ designGuid: 'd-4', designName: '01-0004', thumbnail: null }] : [];
        return HttpResponse.json({ items, totalCount: items.length, totalPage: 1, currentPage: 0 });
      }),
    );
    await user.type(screen.getByLabelText('New group name'), 'Checks');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(screen.queryByTestId('groups-problem')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a design by number'), '01-0004');
    await user.click(await screen.findByRole('option', { name: '01-0004' }, SLOW));
    expect(designsOf(0)).toEqual(['01-0004']);
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(JSON.parse(forms[0]!.groupData!)).toEqual([{ name: 'Checks', designGuids: ['d-4'] }]);
  });
});
