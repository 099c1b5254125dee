import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';

/** As the server mails it: the address and the single-use token in the fragment, which no server sees. */
const linkPath = '/create-password#mail=user%40example.com&token=abc123';

async function submit(password1: string, password2: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^new password/i), password1);
  await user.type(screen.getByLabelText(/^repeat the password/i), password2);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('create password', () => {
  it('without a token asks to check the e-mail, and offers a new link for that address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/create-password?mail=user%40example.com');
    expect(await screen.findByTestId('check-mail')).toHaveTextContent('Check your e-mail for the link');
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(currentPath(router)).toBe('/reset-password?mail=user%40example.com'));
    expect(await screen.findByLabelText(/^e-mail/i)).toHaveValue('user@example.com');
  });

  it('opened without the e-mail’s link says the page needs it, and offers a new one', async () => {
    renderApp('/create-password');
    expect(await screen.findByTestId('needs-link')).toHaveTextContent('This page needs the link from your e-mail');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });

  it('rejects a weak password before calling the server', async () => {
    const calls = jest.fn();
    server.use(http.post('*/service/account/create-password', () => (calls(), HttpResponse.json({ ok: true }))));
    renderApp(linkPath);
    await submit('password', 'password');
    expect(await screen.findByText(/The password is not secure enough/)).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('rejects two different entries', async () => {
    renderApp(linkPath);
    await submit('Passw0rd!', 'Passw0rd?');
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
  });

  it('shows the translated server error', async () => {
    server.use(
      http.post('*/service/account/create-password', () => HttpResponse.json({ code: 'token_invalid', message: 'password request not found' }, { status: 400 })),
    );
    renderApp(linkPath);
    await submit('Passw0rd!', 'Passw0rd!');
    expect(await screen.findByText(/This link is invalid, used or expired/)).toBeInTheDocument();
  });

  it('sends mail, token and both entries, then goes to login with a toast', async () => {
    let sent: Record<string, string> = {};
    server.use(
      http.post('*/service/account/create-password', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router } = renderApp(linkPath);
    // Read on arrival, then out of the address bar.
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(currentPath(router)).toBe('/create-password');
    await submit('Passw0rd!', 'Passw0rd!');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(sent).toEqual({ mailAddress: 'user@example.com', password1: 'Passw0rd!', password2: 'Passw0rd!', token: 'abc123' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Your password has been saved.');
  });

  it('still takes a link mailed with its token in the query, and drops the token from the address', async () => {
    let sent: Record<string, string> = {};
    server.use(
      http.post('*/service/account/create-password', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router } = renderApp('/create-password?mail=user%40example.com&token=old1');
    await waitFor(() => expect(currentPath(router)).toBe('/create-password?mail=user%40example.com'));
    await submit('Passw0rd!', 'Passw0rd!');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(sent.token).toBe('old1');
  });
});
