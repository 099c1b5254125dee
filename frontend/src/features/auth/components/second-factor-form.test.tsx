import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { getSession, setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';

const codes = ['ABCD-EFGH-JKMN', 'PQRS-TUVW-XYZ2', '3456-789A-BCDE'];

/** An admin signed in but not past the second factor; the server validates once a code passed. */
function adminBeforeSecondFactor(step: 'enroll' | 'verify') {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: false, secondFactor: step });
  let validated = false;
  server.use(
    http.post('*/service/account/validate-token', () =>
      HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, is2FaValidated: validated, secondFactor: validated ? 'none' : step })),
    ),
    http.post('*/service/account/second-factor/enroll', () => HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/Desen:admin?secret=X' })),
  );
  return { validate: () => (validated = true) };
}

describe('second factor', () => {
  it('shows the recovery codes once after the enrolment, with copy and download, then goes on', async () => {
    const server2fa = adminBeforeSecondFactor('enroll');
    server.use(
      http.post('*/service/account/second-factor/verify', () => {
        server2fa.validate();
        return HttpResponse.json({ is2FaValidated: true, recoveryCodes: codes });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/authenticate?redirect=%2Farchive');
    await user.type(await screen.findByLabelText(/6-digit code/i), '123456');
    expect(screen.queryByText(/use a recovery code/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent(codes.join(''));
    expect(screen.getByText(/not shown again/i)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/authenticate?redirect=%2Farchive');
    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copied).toHaveBeenCalledWith(`${codes.join('\n')}\n`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /I have saved them/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/archive'));
    expect(getSession().account?.is2FaValidated).toBe(true);
  });

  it('accepts a recovery code instead of the authenticator code', async () => {
    const server2fa = adminBeforeSecondFactor('verify');
    const sent: Record<string, string>[] = [];
    server.use(
      http.post('*/service/account/second-factor/recover', async ({ request }) => {
        const form = await formOf(request);
        sent.push(form);
        if (form.recoveryCode !== 'abcd efgh jkmn') {
          return HttpResponse.json({ code: 'invalid_recovery_code', message: 'wrong' }, { status: 401 });
        }
        server2fa.validate();
        return HttpResponse.json({ is2FaValidated: true, recoveryCodesLeft: 9 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/authenticate?redirect=%2Farchive');
    await user.click(await screen.findByRole('button', { name: /use a recovery code/i }));
    // Back to the authenticator's code and again: one click each way.
    await user.click(screen.getByRole('button', { name: /authenticator app/i }));
    expect(screen.getByLabelText(/6-digit code/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /use a recovery code/i }));
    const field = screen.getByLabelText(/recovery code/i);

    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/12 letters and digits/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'ZZZZ-ZZZZ-ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The recovery code is wrong or has already been used.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'abcd efgh jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath(router)).toBe('/archive'));
    expect(sent.map((form) => form.recoveryCode)).toEqual(['ZZZZ-ZZZZ-ZZZZ', 'abcd efgh jkmn']);

  });
});
