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
    const { router } = renderApp('/auto-login?token=link-1');
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
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
