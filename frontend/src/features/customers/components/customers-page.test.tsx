import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { Customer } from '../types';

const SLOW = { timeout: 5000 };

function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    customerGuid: 'c-1',
    customerName: 'Kumaş A.Ş.',
    nameSef: 'kumas-a-s',
    address: 'İstanbul',
    code: 'KUM',
    visible: true,
    createdAt: '2024-05-01T09:00:00Z',
    userCount: 0,
    designCount: 0,
    ...overrides,
  };
}

async function openCustomers(customers: Customer[]) {
  const user = userEvent.setup();
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.post('*/service/admin/customers/get-all', () => HttpResponse.json({ items: customers, totalCount: customers.length, totalPage: 1, currentPage: 0 })),
  );
  renderApp('/admin/customers');
  await screen.findByRole('cell', { name: customers[0]!.customerName }, SLOW);
  return { user };
}

describe('admin customers', () => {
  it('says what a delete takes with it and sends cascade=true', async () => {
    const { user } = await openCustomers([customer({ userCount: 3, designCount: 12 })]);
    const sent: Record<string, string>[] = [];
    server.use(
      http.post('*/service/admin/customers/delete', async ({ request }) => {
        sent.push(await formOf(request));
        return HttpResponse.json({ ok: true });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Kumaş A.Ş.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Kumaş A.Ş.?' });
    expect(within(dialog).getByTestId('customer-delete-consequences')).toHaveTextContent('3 users will be deleted; 12 designs stay without a customer.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete customer and its users' }));

    expect(await screen.findByText('Kumaş A.Ş. was deleted.')).toBeInTheDocument();
    expect(sent).toEqual([{ customerGuid: 'c-1', cascade: 'true' }]);
  });

  it('asks again with the consequences when the server says the customer is in use', async () => {
    const { user } = await openCustomers([customer()]);
    const sent: Record<string, string>[] = [];
    server.use(
      http.post('*/service/admin/customers/delete', async ({ request }) => {
        const form = await formOf(request);
        sent.push(form);
        return form.cascade === 'true'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ code: 'customer_in_use', message: 'in use' }, { status: 409 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Kumaş A.Ş.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Kumaş A.Ş.?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Delete customer and its users' }));

    expect(await screen.findByText('Kumaş A.Ş. was deleted.')).toBeInTheDocument();
    expect(sent).toEqual([
      { customerGuid: 'c-1', cascade: 'false' },
      { customerGuid: 'c-1', cascade: 'true' },
    ]);
  });

  it('requires the company name before adding', async () => {
    const { user } = await openCustomers([customer()]);
    let added: Record<string, string> | undefined;
    server.use(
      http.post('*/service/admin/customers/add-customer', async ({ request }) => {
        added = await formOf(request);
        return HttpResponse.json({ customerGuid: 'c-2', customerName: added.name });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByLabelText(/^Company name/)).toHaveAccessibleDescription('Company name field is required.');
    expect(added).toBeUndefined();

    await user.click(within(dialog).getByLabelText(/^Company name/));
    await user.paste('Desen Tekstil');
    await user.click(within(dialog).getByLabelText('Customer code'));
    await user.paste('DT');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Desen Tekstil was added.')).toBeInTheDocument();
    await waitFor(() => expect(added).toEqual({ name: 'Desen Tekstil', address: '', code: 'DT' }));
  });
});
