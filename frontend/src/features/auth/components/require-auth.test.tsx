import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, testUser, validAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

function signedIn(overrides: { isAdmin?: boolean; is2FaValidated?: boolean } = {}) {
  setSession('stored-token', {
    user: overrides.isAdmin ? testAdmin : testUser,
    isAdmin: overrides.isAdmin ?? false,
    isInHouse: false,
    is2FaValidated: overrides.is2FaValidated ?? true,
    secondFactor: overrides.isAdmin ? 'verify' : 'none',
  });
}

describe('route guard', () => {
  it('sends a visitor without a token to /login', async () => {
    const { router } = renderApp('/favorites');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(screen.queryByTestId('session-expired')).not.toBeInTheDocument();
  });

  it('sends an invalid stored token to /login?expired=true and forgets it', async () => {
    signedIn();
    server.use(http.post('*/service/account/validate-token', () => HttpResponse.json({ isValid: false })));
    const { router } = renderApp('/archive');
    expect(await screen.findByTestId('session-expired')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?expired=true');
    expect(window.localStorage.getItem('desen.token')).toBeNull();
    expect(window.localStorage.getItem('desen.account')).toBeNull();
  });

  it('treats a login_required answer as an expired session and keeps the redirect', async () => {
    signedIn();
    server.use(
      http.post('*/service/account/validate-token', () => HttpResponse.json({ code: 'login_required', message: 'no session' }, { status: 401 })),
    );
    const { router } = renderApp('/design/12/3');
    await waitFor(() => expect(currentPath(router)).toBe('/login?expired=true&redirect=%2Fdesign%2F12%2F3'));
  });

  it('shows the page for a valid session', async () => {
    signedIn();
    renderApp('/favorites');
    expect(await screen.findByRole('heading', { name: 'Favorites' })).toBeInTheDocument();
    expect(await screen.findByTestId('lists-empty')).toBeInTheDocument();
  });

  it('sends a non-admin away from /admin to the archive', async () => {
    signedIn();
    const { router } = renderApp('/admin');
    expect(await screen.findByText('Welcome, Ayşe User')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('sends an admin without the second factor to /authenticate', async () => {
    signedIn({ isAdmin: true, is2FaValidated: false });
    server.use(
      http.post('*/service/account/validate-token', () =>
        HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, is2FaValidated: false, secondFactor: 'verify' })),
      ),
    );
    const { router } = renderApp('/admin/pools');
    expect(await screen.findByLabelText(/6-digit code/i)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/authenticate?redirect=%2Fadmin%2Fpools');
  });

  it('lets a verified admin into the admin panel with its menu', async () => {
    signedIn({ isAdmin: true });
    server.use(
      http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, secondFactor: 'verify' }))),
      http.post('*/service/admin/users/get-all', () =>
        HttpResponse.json({
          items: [
            { userGuid: 'u-1', name: 'Ayşe User', email: 'user@example.com', companyName: null, status: 'active', isAdmin: false, lastLoginAt: null, loginCount: 0, createdAt: '2025-01-02T03:04:05Z' },
          ],
          totalCount: 1,
          totalPage: 1,
          currentPage: 0,
        }),
      ),
    );
    renderApp('/admin');
    expect(await screen.findByRole('cell', { name: 'user@example.com' })).toBeInTheDocument();
    // jsdom matches no media query: the narrow layout opens the menu from the app bar.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    for (const item of ['Users', 'Pools', 'Customers', 'Shared lists', 'Collections', 'Wear Models', 'Statistics', 'Design Labeling', 'Design Pinning', 'Settings', 'Back to archive', 'Exit']) {
      expect(screen.getByRole('navigation').textContent).toContain(item);
    }
  });

  it('logs out: clears the session and goes to login', async () => {
    signedIn();
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(window.localStorage.getItem('desen.token')).toBeNull();
  });
});
