import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { page, signedInAdmin } from '@/features/admin/testing/fixtures';
import { searchPage } from '@/features/archive/testing/fixtures';
import type { Customer } from '@/features/customers/types';
import { designSummary, signedInAdmin as signedInDesignAdmin } from '@/features/design-admin/testing/fixtures';
import type { PoolSave } from '@/features/pools/types';
import { designHeader } from '@/testing/design-header';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { Pool } from '@/types/pool';
import type { CustomerOption } from '@/types/reference';

/**
 * A change made on one screen shows on the others without a reload: each test fills the cache
 * on one screen, changes the data on another (one app, one QueryClient) and goes back.
 */

const SLOW = { timeout: 5000 };

type Router = ReturnType<typeof renderApp>['router'];

async function go(router: Router, path: string) {
  await act(() => router.navigate(path));
}

function customerRow({ customerGuid, customerName }: CustomerOption): Customer {
  return { customerGuid, customerName, nameSef: '', address: '', code: '', visible: true, createdAt: '2024-05-01T09:00:00Z', userCount: 0, designCount: 0 };
}

function pool(uniqueid: string, name: string): Pool {
  return { uniqueid, name, description: '', searches: [], designs: [], designNumbers: {}, wearGuids: [], memberCount: 0, userCount: 0, updatedAt: '2025-01-02T10:00:00Z' };
}

describe('shared lists after a change on another screen', () => {
  it('a customer added on the customers screen is offered by the add-user form', async () => {
    const user = userEvent.setup();
    signedInAdmin();
    const customers: CustomerOption[] = [{ customerGuid: 'c-1', customerName: 'Kumaş A.Ş.' }];
    server.use(
      http.post('*/service/get/customers/basic', () => HttpResponse.json(customers)),
      http.post('*/service/admin/customers/get-all', () => HttpResponse.json(page(customers.map(customerRow)))),
      http.post('*/service/admin/customers/add-customer', async ({ request }) => {
        const { name = '' } = await formOf(request);
        customers.push({ customerGuid: 'c-2', customerName: name });
        return HttpResponse.json({ customerGuid: 'c-2', customerName: name });
      }),
    );
    const { router } = renderApp('/admin');
    // The users screen's customer filter has read the customer list.
    await screen.findByRole('cell', { name: 'Ayşe Yılmaz' }, SLOW);
    expect(await within(screen.getByLabelText('Customer')).findByRole('option', { name: 'Kumaş A.Ş.' })).toBeInTheDocument();

    await go(router, '/admin/customers');
    await user.click(await screen.findByRole('button', { name: 'Add customer' }, SLOW));
    const addDialog = await screen.findByRole('dialog', { name: 'Add customer' });
    await user.click(within(addDialog).getByLabelText(/^Company name/));
    await user.paste('Desen Tekstil');
    await user.click(within(addDialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Desen Tekstil was added.')).toBeInTheDocument();

    await go(router, '/admin');
    await user.click(await screen.findByRole('button', { name: 'Add user' }, SLOW));
    const form = await screen.findByRole('dialog', { name: 'Add user' });
    expect(await within(within(form).getByLabelText(/^Customer/)).findByRole('option', { name: 'Desen Tekstil' })).toBeInTheDocument();
  });

  it('a saved pool is listed on the pools screen and offered by the users screen', async () => {
    const user = userEvent.setup();
    signedInAdmin();
    const pools: Pool[] = [pool('p-1', 'Autumn')];
    server.use(
      http.post('*/service/admin/pool/all', () => HttpResponse.json(pools)),
      http.get('*/service/admin/get/all-labels', () => HttpResponse.json([])),
      http.get('*/service/admin/get/all-archives', () => HttpResponse.json([])),
      http.post('*/service/admin/pool/count', () => HttpResponse.json({ count: 0 })),
      http.post('*/service/admin/pool/search', () => HttpResponse.json({ results: [], totalCount: 0, totalPage: 0, currentPage: 0 })),
      http.post('*/service/admin/pool/insert', async ({ request }) => {
        const body = (await request.json()) as PoolSave;
        const saved = { ...pool('p-2', body.name), searches: body.dtos };
        pools.push(saved);
        return HttpResponse.json(saved);
      }),
    );
    const { router } = renderApp('/admin');
    // The users screen's pool filter has read the pool list.
    await screen.findByRole('cell', { name: 'Ayşe Yılmaz' }, SLOW);
    expect(await within(screen.getByLabelText('Pool')).findByRole('option', { name: 'Autumn' })).toBeInTheDocument();

    await go(router, '/admin/pools');
    await user.click(await screen.findByRole('button', { name: 'Create pool' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Create pool' });
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Spring');
    await user.click(within(dialog).getByRole('button', { name: 'Add search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save pool' }));
    expect(await screen.findByText('The pool Spring was saved.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Spring' })).toBeInTheDocument();

    await go(router, '/admin');
    await screen.findByRole('cell', { name: 'Ayşe Yılmaz' }, SLOW);
    expect(await within(screen.getByLabelText('Pool')).findByRole('option', { name: 'Spring' })).toBeInTheDocument();
  });

  it('a design edited in the admin design screen moves in the archive search results', async () => {
    const user = userEvent.setup();
    signedInDesignAdmin({ designs: [designSummary()] });
    let studio = 'Studio A';
    server.use(
      http.post('*/service/admin/design/header/d-1', () => HttpResponse.json(designHeader({ designStudio: studio }))),
      http.put('*/service/design/header/d-1', async ({ request }) => {
        studio = (await formOf(request)).studio ?? studio;
        return HttpResponse.json(designHeader({ designStudio: studio }));
      }),
      // The archive holds the one design; a studio filter finds it when the studio matches.
      http.post('*/service/search/design/basic/:page/:pageSize', async ({ request, params }) => {
        const form = await formOf(request);
        return HttpResponse.json(searchPage(Number(params.page), Number(params.pageSize), !form.studio || form.studio === studio ? 1 : 0));
      }),
    );
    const { router } = renderApp('/archive?studio=Studio+B');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveAttribute('data-count', '0'), SLOW);

    await go(router, '/admin/design');
    await user.click(await screen.findByRole('button', { name: 'Edit design 01-0559' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Design edit · 01-0559' });
    await user.clear(await within(dialog).findByLabelText('Studio'));
    await user.click(within(dialog).getByLabelText('Studio'));
    await user.paste('Studio B');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The design was saved.')).toBeInTheDocument();

    await go(router, '/archive?studio=Studio+B');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveAttribute('data-count', '1'), SLOW);
  });
});
