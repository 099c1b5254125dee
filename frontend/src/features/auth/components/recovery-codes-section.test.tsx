import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveFile } from '@/lib/save-file';
import { server } from '@/testing/server';
import { RECOVERY_CODES_FILE } from './recovery-codes-list';
import { RecoveryCodesSection } from './recovery-codes-section';

jest.mock('@/lib/save-file', () => ({ saveFile: jest.fn() }));

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RecoveryCodesSection />
    </QueryClientProvider>,
  );
}

describe('recovery codes section', () => {
  it('shows the codes left and makes new ones once the second factor is proved again, shown once', async () => {
    const proofs: (string | null)[] = [];
    server.use(
      http.get('*/service/account/second-factor/recovery-codes', () => HttpResponse.json({ recoveryCodesLeft: 1 })),
      http.post('*/service/account/second-factor/recovery-codes', async ({ request }) => {
        proofs.push(new URLSearchParams(await request.text()).get('code'));
        return HttpResponse.json({ recoveryCodes: ['ABCD-EFGH-JKMN', 'PQRS-TUVW-XYZ2'], recoveryCodesLeft: 2 });
      }),
    );
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('You have 1 unused recovery code.');

    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/old code, used or not, stops working/);
    const submit = within(dialog).getByRole('button', { name: 'Make new recovery codes' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Code from your authenticator app/), ' 123456 ');
    await user.click(submit);

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('ABCD-EFGH-JKMN');
    expect(proofs).toEqual(['123456']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('You have 2 unused recovery codes.');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), RECOVERY_CODES_FILE);
    const [blob] = jest.mocked(saveFile).mock.calls[0] ?? [];
    expect(await blob?.text()).toBe('ABCD-EFGH-JKMN\nPQRS-TUVW-XYZ2\n');
  });

  it('shows a wrong proof translated in the dialog, which stays open', async () => {
    server.use(
      http.get('*/service/account/second-factor/recovery-codes', () => HttpResponse.json({ recoveryCodesLeft: 3 })),
      http.post('*/service/account/second-factor/recovery-codes', () =>
        HttpResponse.json({ code: 'invalid_recovery_code', message: 'no' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Code from your authenticator app/), '2222-3333-4444');
    await user.click(within(dialog).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await within(dialog).findByTestId('error-alert')).toHaveAttribute('data-code', 'invalid_recovery_code');
    expect(within(dialog).getByTestId('error-alert')).toHaveTextContent('The recovery code is wrong or has already been used.');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();

    // A good proof after the refusal: the codes are shown.
    server.use(
      http.post('*/service/account/second-factor/recovery-codes', () =>
        HttpResponse.json({ recoveryCodes: ['ABCD-EFGH-JKMN'], recoveryCodesLeft: 1 }),
      ),
    );
    await user.clear(within(dialog).getByLabelText(/Code from your authenticator app/));
    await user.type(within(dialog).getByLabelText(/Code from your authenticator app/), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('ABCD-EFGH-JKMN');
  });
});
