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
  it('shows the codes left and makes new ones after a confirmation, shown once', async () => {
    let made = 0;
    server.use(
      http.get('*/service/account/second-factor/recovery-codes', () => HttpResponse.json({ recoveryCodesLeft: 1 })),
      http.post('*/service/account/second-factor/recovery-codes', () => {
        made += 1;
        return HttpResponse.json({ recoveryCodes: ['ABCD-EFGH-JKMN', 'PQRS-TUVW-XYZ2'], recoveryCodesLeft: 2 });
      }),
    );
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('You have 1 unused recovery code.');

    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/old code, used or not, stops working/);
    expect(made).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make new recovery codes' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('ABCD-EFGH-JKMN');
    expect(made).toBe(1);
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('You have 2 unused recovery codes.');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), RECOVERY_CODES_FILE);
    const [blob] = jest.mocked(saveFile).mock.calls[0] ?? [];
    expect(await blob?.text()).toBe('ABCD-EFGH-JKMN\nPQRS-TUVW-XYZ2\n');
  });

  it('shows a refusal translated', async () => {
    server.use(
      http.post('*/service/account/second-factor/recovery-codes', () =>
        HttpResponse.json({ code: 'second_factor_required', message: 'no' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByTestId('error-alert')).toHaveAttribute('data-code', 'second_factor_required');
  });
});
