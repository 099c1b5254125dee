import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { changeLocale } from '@/lib/i18n';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { Pool } from '@/types/pool';

const SLOW = { timeout: 5000 };

const pool: Pool = {
  uniqueid: 'p-1',
  name: 'Spring pool',
  description: '',
  searches: [],
  designs: ['d-1'],
  designNumbers: { 'd-1': '01-0559' },
  wearGuids: [],
  memberCount: 42,
  userCount: 3,
  updatedAt: '2025-01-02T10:00:00Z',
};

async function openPools() {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.post('*/service/admin/pool/all', () => HttpResponse.json([pool])),
  );
  renderApp('/admin/pools');
  return screen.findByRole('table', { name: /Pools|Пулы/ }, SLOW);
}

describe('pools table', () => {
  afterEach(async () => {
    // Unmounted first: switching the language under a mounted app updates it outside act().
    cleanup();
    await changeLocale('en');
  });

  it('names its counts for what they count: the designs the pool admits next to its users', async () => {
    const table = await openPools();
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Description', 'Searches', 'Attached designs', 'Designs admitted', 'Users', 'Updated', 'Actions']);
    expect(screen.getByTestId('app-bar-page')).toHaveTextContent('Pools');
  });

  it('in Russian too', async () => {
    await changeLocale('ru');
    const table = await openPools();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Допущенные дизайны');
  });
});
