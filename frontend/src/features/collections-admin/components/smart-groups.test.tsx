import { screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formOf, server } from '@/testing/server';
import { design, node, openAdmin, SLOW } from '../testing/fixtures';
import type { CollectionDetail, DesignGroup } from '../types';

/**
 * The criteria form is a large MUI form: user-event's check of `pointer-events` on every event
 * (getComputedStyle of each ancestor, slow in jsdom) is skipped.
 */
const FAST_POINTER = { pointerEventsCheck: PointerEventsCheckLevel.Never };

describe('admin collections: smart groups', () => {
  const page = node({ id: 6, parentId: 4, name: 'Prints', kind: 'design', itemCount: 3 });
  const designsOf = (index: number) => within(screen.getAllByTestId('design-group')[index]!).queryAllByTestId('group-design').map((row) => row.textContent);
  const chosen: DesignGroup = { id: 32, name: 'Stripes', designs: [design(3)] };
  const empty = {
    designNumber: '',
    allowedArchive: null,
    allowedScreenStatus: [],
    allowedScreenCounts: [],
    allowedLabels: [],
    forbiddenLabels: [],
    allowedCustomers: [],
    forbiddenCustomers: [],
    allowedYears: [],
    allowOwnDesigns: false,
    allowConfinedDesigns: false,
    allowUnlabeledDesigns: true,
  };

  /** The pools' reference lists the criteria form reads, and /admin/pool/count answering `count` and recording what it was asked. */
  function poolSearchServer(count: number) {
    const counted: Record<string, unknown>[] = [];
    server.use(
      http.get('*/service/admin/get/all-labels', () => HttpResponse.json([{ id: 11, label: 'Floral', labelSef: 'floral', groupId: null, isGroupHeader: false }])),
      http.get('*/service/admin/get/all-archives', () => HttpResponse.json([{ archiveId: 1, archiveName: 'Main archive' }])),
      http.post('*/service/admin/pool/count', async ({ request }) => {
        counted.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ count });
      }),
    );
    return counted;
  }

  /** Records each modify-group form and answers the groups it names (a smart group with no designs found). */
  function recordSaves(store: (next: Partial<CollectionDetail>) => void) {
    const forms: { name: string; designGuids: string[]; criteria?: Record<string, unknown> }[][] = [];
    server.use(
      http.post('*/service/admin/new-collection/modify-group', async ({ request }) => {
        const groups = JSON.parse((await formOf(request)).groupData!) as { name: string; designGuids: string[]; criteria?: Record<string, unknown> }[];
        forms.push(groups);
        const answer = groups.map((group, index) => ({
          id: 50 + index,
          name: group.name,
          criteria: group.criteria ?? null,
          designs: group.criteria ? [design(7)] : group.designGuids.map((guid) => design(Number(guid.slice(2)))),
        }));
        store({ groups: answer as DesignGroup[] });
        return HttpResponse.json(answer);
      }),
    );
    return forms;
  }

  it('creates one: “Add smart group” opens its search, the count follows the edits, and it is saved with its criteria and no designs', async () => {
    const { user, store } = openAdmin(page, { groups: [chosen] }, FAST_POINTER);
    const counted = poolSearchServer(120);
    const forms = recordSaves(store);
    await screen.findByTestId('groups-editor', {}, SLOW);
    expect(screen.getByTestId('add-smart-group')).toBeDisabled();

    await user.type(screen.getByLabelText('New group name'), 'Newest florals');
    await user.click(screen.getByRole('button', { name: 'Add smart group' }));
    const smart = screen.getAllByTestId('design-group')[1]!;
    expect(smart).toHaveAttribute('data-smart', 'true');
    expect(within(smart).getByRole('button', { name: 'Hide search' })).toHaveAttribute('aria-expanded', 'true');
    const search = within(smart).getByRole('group', { name: 'Search of Newest florals' });
    expect(within(smart).getByTestId('smart-group-outdated')).toHaveTextContent('Save the groups to show the designs this search finds.');
    // Designs are not chosen by hand in a smart group.
    expect(within(smart).queryByLabelText('Add a design by number')).not.toBeInTheDocument();

    await user.type(within(search).getByLabelText('Design number starts with'), '02-');
    await user.click(within(search).getByRole('switch', { name: 'Confined designs too' }));
    const size = within(search).getByLabelText('Designs shown (newest first)');
    expect(size).toHaveValue(25);
    await user.clear(size);
    await user.type(size, '40');
    expect(await within(search).findByText('The search finds 120 designs; the group shows the newest 40.', undefined, SLOW)).toBeInTheDocument();
    // The count is asked for the search alone (not how many the group shows), once the typing paused.
    await waitFor(() => expect(counted.at(-1)).toEqual({ ...empty, designNumber: '02-', allowConfinedDesigns: true }));
    expect(counted.length).toBeLessThan(5);

    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    expect(await screen.findByText('The groups were saved.')).toBeInTheDocument();
    expect(forms).toEqual([
      [
        { name: 'Stripes', designGuids: ['d-3'] },
        { name: 'Newest florals', designGuids: [], criteria: { ...empty, designNumber: '02-', allowConfinedDesigns: true, resultsPerPage: 40 } },
      ],
    ]);
    // The server's designs for the search are shown now, read-only.
    await waitFor(() => expect(designsOf(1)).toEqual(['01-0007']));
    expect(screen.queryByTestId('smart-group-outdated')).not.toBeInTheDocument();
  });

  it('refuses a number of designs outside 1–1,000 before asking the server', async () => {
    const { user, store } = openAdmin(page, { groups: [chosen] }, FAST_POINTER);
    poolSearchServer(3);
    const forms = recordSaves(store);
    await screen.findByTestId('groups-editor', {}, SLOW);
    await user.type(screen.getByLabelText('New group name'), 'All of it');
    await user.click(screen.getByRole('button', { name: 'Add smart group' }));
    const size = screen.getByTestId('smart-group-size');
    await user.clear(size);
    await user.type(size, '1001');
    expect(size).toHaveAccessibleDescription('Enter a whole number from 1 to 1,000.');
    await user.click(screen.getByRole('button', { name: 'Hide search' }));
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    // The form opens again to show what is wrong; nothing is sent.
    expect(await screen.findByTestId('smart-group-size')).toHaveAccessibleDescription('Enter a whole number from 1 to 1,000.');
    expect(forms).toEqual([]);

    await user.clear(screen.getByTestId('smart-group-size'));
    await user.type(screen.getByTestId('smart-group-size'), '1000');
    expect(await screen.findByText('The search finds 3 designs; the group shows them all.', undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]![1]).toEqual({ name: 'All of it', designGuids: [], criteria: { ...empty, resultsPerPage: 1000 } });
  });

  it('edits a saved one’s search, keeping what the form does not show, and says its designs are the old search’s until saved', async () => {
    // As the server stores it: every field of the pools' criteria.
    const criteria = { ...empty, designNumber: '02-', allowedLabels: [11], dp0: '', dp1: 'silk', page: 0, resultsPerPage: 30 };
    const { user, store } = openAdmin(page, { groups: [{ id: 33, name: 'New florals', criteria, designs: [design(5), design(4)] }, chosen] }, FAST_POINTER);
    const counted = poolSearchServer(12);
    const forms = recordSaves(store);
    await screen.findByTestId('groups-editor', {}, SLOW);
    const smart = screen.getAllByTestId('design-group')[0]!;
    expect(within(smart).queryByTestId('smart-group-search')).not.toBeInTheDocument();
    expect(within(smart).queryByTestId('smart-group-outdated')).not.toBeInTheDocument();

    await user.click(within(smart).getByRole('button', { name: 'Edit search' }));
    const search = within(smart).getByTestId('smart-group-search');
    const number = within(search).getByLabelText('Design number starts with');
    expect(number).toHaveValue('02-');
    expect(within(search).getByLabelText('Designs shown (newest first)')).toHaveValue(30);
    expect(await within(search).findByRole('button', { name: 'Floral' }, SLOW)).toBeInTheDocument();
    expect(await within(search).findByText('The search finds 12 designs; the group shows them all.', undefined, SLOW)).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '03-');
    expect(within(smart).getByTestId('smart-group-outdated')).toHaveTextContent('The designs listed are those of the saved search');
    expect(screen.getByTestId('groups-unsaved')).toBeInTheDocument();
    await waitFor(() => expect(counted.at(-1)).toMatchObject({ designNumber: '03-', allowedLabels: [11], dp1: 'silk' }));
    expect(counted.at(-1)).not.toHaveProperty('resultsPerPage');

    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]).toEqual([
      { name: 'New florals', designGuids: [], criteria: { ...criteria, designNumber: '03-' } },
      { name: 'Stripes', designGuids: ['d-3'] },
    ]);
  });
});
