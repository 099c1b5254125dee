import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { signInAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';

describe('auto-login', () => {
  it('spends the link once and enters the archive', async () => {
    const tokens: string[] = [];
    server.use(
      http.post('*/service/account/auto-login', async ({ request }) => {
        tokens.push((await formOf(request)).token ?? '');
        return HttpResponse.json(signInAnswer({ accessToken: 'auto-token' }));
      }),
    );
    const { router } = renderApp('/auto-login#token=link-1');
    expect(await screen.findByText('Welcome, Ayşe User')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(tokens).toEqual(['link-1']);
    expect(window.localStorage.getItem('desen.token')).toBe('auto-token');
  });

  it('explains a used or expired link', async () => {
    server.use(
      http.post('*/service/account/auto-login', () => HttpResponse.json({ code: 'token_invalid', message: 'link not found' }, { status: 400 })),
    );
    renderApp('/auto-login?token=used');
    await waitFor(() => expect(screen.getByTestId('error-alert')).toHaveAttribute('data-code', 'token_invalid'));
    // The heading says what happened, not "Signing you in…" above the error.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This sign-in link cannot be used');
    expect(screen.queryByText('Signing you in…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/reset-password');
  });

  it('says the link is missing when the address has none, and offers signing in', async () => {
    const calls = jest.fn();
    server.use(http.post('*/service/account/auto-login', () => (calls(), HttpResponse.json(signInAnswer()))));
    renderApp('/auto-login');
    expect(await screen.findByTestId('auto-login-no-token')).toHaveTextContent('The address has no sign-in link in it.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This sign-in link cannot be used');
    expect(screen.queryByText('Signing you in…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('says it is signing in only while the link is tried', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/service/account/auto-login', async () => {
        await held;
        return HttpResponse.json({ code: 'token_invalid', message: 'link not found' }, { status: 400 });
      }),
    );
    renderApp('/auto-login?token=slow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing you in…' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link cannot be used' })).toBeInTheDocument();
  });
});
