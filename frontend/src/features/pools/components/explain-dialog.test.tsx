import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { Explanation } from '../types';

const SLOW = { timeout: 5000 };

function explanation(overrides: Partial<Explanation> = {}): Explanation {
  return {
    visible: true,
    rule: 'pool_search',
    poolGuid: 'p-1',
    poolName: 'Spring',
    searches: [{ index: 0, admits: true, failing: [] }],
    explicit: false,
    designGuid: 'd-1',
    designNumber: '01-0559',
    ...overrides,
  };
}

/** A signed-in admin on the pools screen (no pools); every form POST /admin/pool/explain received. */
function openPools(path: string, answer: Explanation) {
  const user = userEvent.setup();
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  const explained: Record<string, string>[] = [];
  const searched: Record<string, string>[] = [];
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.post('*/service/admin/pool/all', () => HttpResponse.json([])),
    http.post('*/service/admin/users/get-all', async ({ request }) => {
      const form = await formOf(request);
      searched.push(form);
      const items = form.query ? [{ userGuid: 'u-1', name: 'Ayşe Yılmaz', email: 'ayse@example.com' }] : [];
      return HttpResponse.json({ items, totalCount: items.length, totalPage: 1, currentPage: 0 });
    }),
    http.post('*/service/admin/pool/explain', async ({ request }) => {
      explained.push(await formOf(request));
      return HttpResponse.json(answer);
    }),
  );
  renderApp(path);
  return { user, explained, searched };
}

async function explain(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, designNumber: string) {
  await user.click(within(dialog).getByLabelText('Design number'));
  await user.paste(designNumber);
  await user.click(within(dialog).getByRole('button', { name: 'Explain' }));
  return within(dialog).findByTestId('explanation');
}

describe('why can this user see this design', () => {
  it('sends the linked user and the trimmed design number, and says which search admits the design', async () => {
    const { user, explained } = openPools(`/admin/pools?${new URLSearchParams({ explainUser: 'u-1', explainName: 'Ayşe Yılmaz' })}`, explanation());
    const dialog = await screen.findByRole('dialog', { name: 'Why can this user see this design?' }, SLOW);
    expect(within(dialog).getByRole('combobox', { name: 'User' })).toHaveValue('Ayşe Yılmaz');

    const verdict = await explain(user, dialog, ' 01-0559 ');

    expect(explained).toEqual([{ userGuid: 'u-1', designNumber: '01-0559' }]);
    expect(within(verdict).getByText('The user can see 01-0559.')).toBeInTheDocument();
    expect(within(verdict).getByText('A search of the pool Spring admits the design.')).toBeInTheDocument();
    expect(within(verdict).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Search 1 admits it.']);
  });

  it('names the criteria a search fails in plain English', async () => {
    const answer = explanation({
      visible: false,
      rule: 'not_in_pool',
      searches: [
        { index: 0, admits: false, failing: ['allowedLabels', 'allowConfinedDesigns'] },
        { index: 1, admits: false, failing: ['designNumber', 'dp3'] },
      ],
    });
    const { user, explained } = openPools(`/admin/pools?${new URLSearchParams({ explainUser: 'u-2', explainName: 'Boris Petrov' })}`, answer);
    const dialog = await screen.findByRole('dialog', { name: 'Why can this user see this design?' }, SLOW);

    const verdict = await explain(user, dialog, '01-0559');

    expect(explained).toEqual([{ userGuid: 'u-2', designNumber: '01-0559' }]);
    expect(within(verdict).getByText('The user cannot see 01-0559.')).toBeInTheDocument();
    expect(within(verdict).getByText('Neither a search nor the designs of the pool Spring admit it.')).toBeInTheDocument();
    expect(within(verdict).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Search 1 does not admit it: it has none of the allowed labels; it is confined and confined designs are not admitted.',
      'Search 2 does not admit it: the design number does not start with the given text; its parameter “Parameter 4” differs.',
    ]);
    expect(verdict).not.toHaveTextContent(/allowedLabels|allowConfinedDesigns|explain\./);
  });

  it('needs a user picked and a design number before it asks, and says when there is no such design', async () => {
    const answer = explanation({ visible: false, rule: 'no_design', poolGuid: null, poolName: null, searches: [], designGuid: null, designNumber: null });
    const { user, explained, searched } = openPools('/admin/pools', answer);
    await user.click(await screen.findByRole('button', { name: 'Why can a user see a design?' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Why can this user see this design?' });
    const run = within(dialog).getByRole('button', { name: 'Explain' });
    expect(run).toBeDisabled();

    await user.click(within(dialog).getByLabelText('Design number'));
    await user.paste('99-9999');
    expect(run).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'User' }));
    await user.paste('ayş');
    await user.click(await screen.findByRole('option', { name: 'Ayşe Yılmaz · ayse@example.com' }, SLOW));
    expect(searched.at(-1)).toEqual({ page: '0', pageSize: '20', query: 'ayş' });
    await waitFor(() => expect(run).toBeEnabled());
    await user.click(run);

    const verdict = await within(dialog).findByTestId('explanation');
    expect(explained).toEqual([{ userGuid: 'u-1', designNumber: '99-9999' }]);
    expect(within(verdict).getByText('There is no design with this number.')).toBeInTheDocument();
    // The server names no design: the heading names the number that was asked.
    expect(within(verdict).getByText('The user cannot see 99-9999.')).toBeInTheDocument();
    expect(within(verdict).queryByRole('list')).not.toBeInTheDocument();
  });
});
