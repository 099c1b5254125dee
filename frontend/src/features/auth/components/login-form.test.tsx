import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { changeLocale } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { signInAnswer, validAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';

async function fillAndSubmit(email = 'user@example.com', password = 'Passw0rd!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/e-mail/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(async () => {
  await changeLocale('en');
});

describe('login form', () => {
  it('signs in, stores the session and greets the user', async () => {
    let sent: Record<string, string> = {};
    server.use(
      http.post('*/service/account/login_collection', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json(signInAnswer());
      }),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit();

    expect(await screen.findByText('Welcome, Ayşe User')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(sent).toEqual({ mailAddress: 'user@example.com', password: 'Passw0rd!', remember: 'false', language: 'en' });
    expect(getSession().token).toBe('token-1');
    expect(window.localStorage.getItem('desen.token')).toBe('token-1');
    expect(JSON.parse(window.localStorage.getItem('desen.account') ?? '{}')).toMatchObject({ user: { name: 'Ayşe User' }, isAdmin: false });
  });

  it('shows the translated error of the answer code', async () => {
    server.use(
      http.post('*/service/account/login_collection', () =>
        HttpResponse.json({ code: 'invalid_credentials', message: 'wrong e-mail or password', responseCode: 1 }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit('user@example.com', 'wrong');

    expect(await screen.findByText('You have provided invalid credentials.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(getSession().token).toBeNull();
  });

  it('translates the error into the chosen language', async () => {
    server.use(
      http.post('*/service/account/login_collection', () =>
        HttpResponse.json({ code: 'account_stopped', message: 'stopped', responseCode: 4 }, { status: 403 }),
      ),
    );
    await changeLocale('tr');
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/e-posta/i), 'user@example.com');
    await user.type(screen.getByLabelText(/^şifre/i), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));

    expect(await screen.findByText('Hesabınız askıya alındı.')).toBeInTheDocument();
  });

  it('uses `generic` for a network failure (99)', async () => {
    server.use(http.post('*/service/account/login_collection', () => HttpResponse.error()));
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByTestId('error-alert')).toHaveAttribute('data-code', 'generic');
  });

  it('sends response code 6 to create-password with the mail', async () => {
    server.use(
      http.post('*/service/account/login_collection', () =>
        HttpResponse.json({ code: 'password_required', message: 'no password', responseCode: 6 }, { status: 403 }),
      ),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit();

    expect(await screen.findByTestId('check-mail')).toHaveTextContent('Check your e-mail for the link');
    expect(currentPath(router)).toBe('/create-password?mail=user%40example.com');
  });

  it('says that the session expired and returns to the redirect target', async () => {
    server.use(http.post('*/service/account/login_collection', () => HttpResponse.json(signInAnswer())));
    const { router } = renderApp('/login?expired=true&redirect=%2Fdesign%2F42');
    expect(await screen.findByTestId('session-expired')).toHaveTextContent('Your session has expired. Please sign in again.');
    await fillAndSubmit();

    await waitFor(() => expect(currentPath(router)).toBe('/design/42'));
  });

  it('sends an admin to the second-factor step', async () => {
    server.use(
      http.post('*/service/account/login_collection', () =>
        HttpResponse.json(signInAnswer({ isAdmin: true, is2FaValidated: false, secondFactor: 'verify' })),
      ),
      // The second-factor step validates the new session: an admin's, not yet past the second factor.
      http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ isAdmin: true, is2FaValidated: false, secondFactor: 'verify' }))),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByLabelText(/code/i)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/authenticate');
  });
});
