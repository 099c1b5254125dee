import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import { designHeader } from '@/testing/design-header';
import { designSummary, signedInAdmin } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

async function openEditor(header = designHeader()) {
  const user = userEvent.setup();
  signedInAdmin({ designs: [designSummary()] });
  server.use(http.post('*/service/admin/design/header/d-1', () => HttpResponse.json(header)));
  renderApp('/admin/design');
  await user.click(await screen.findByRole('button', { name: 'Edit design 01-0559' }, SLOW));
  const dialog = await screen.findByRole('dialog', { name: 'Design edit · 01-0559' });
  await within(dialog).findByLabelText('Studio');
  return { user, dialog };
}

describe('design edit modal', () => {
  it('shows the facts and saves the edited fields', async () => {
    const { user, dialog } = await openEditor();
    let sent: Record<string, string> | undefined;
    server.use(
      http.put('*/service/design/header/d-1', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json(designHeader({ designStudio: sent.studio, notes: sent.notes }));
      }),
    );

    const facts = within(dialog).getByTestId('design-facts');
    expect(facts).toHaveTextContent('33.87 × 25.40 cm');
    expect(facts).toHaveTextContent('4,000 × 3,000 px');
    expect(facts).toHaveTextContent('Resolution (dpi)300');
    expect(within(facts).getAllByTestId('thumbnail').map((img) => img.getAttribute('src'))).toEqual([
      '/service/design/thumbnail/d/v/d-1/c-1',
      '/service/design/thumbnail/d/v/d-1/c-2',
    ]);

    // Pasted rather than typed: each keystroke re-renders the whole form, slow in jsdom.
    const paste = async (label: string, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await user.clear(within(dialog).getByLabelText('Studio'));
    await paste('Studio', 'Studio B');
    await paste('Notes', 'Repeat checked');
    await paste('Parameter 4', 'silk');
    // The customer by name, sent as its guid.
    await user.click(within(dialog).getByLabelText('Customer'));
    await user.click(await screen.findByRole('option', { name: 'Bosphorus Fashion' }));
    await user.click(within(dialog).getByLabelText('Labels'));
    await user.click(await screen.findByRole('option', { name: 'Paisley' }));
    await user.selectOptions(within(dialog).getByLabelText('Screen status'), 'engraved');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The design was saved.')).toBeInTheDocument();
    expect(sent).toEqual({
      repeatOffset: 'none',
      repeatDirection: 'none',
      repeatOffsetCustomValue: '',
      isConfined: 'false',
      screenStatus: 'engraved',
      originalName: 'rose',
      studio: 'Studio B',
      notes: 'Repeat checked',
      customerId: 'cu-2',
      labelIDs: '11,12',
      closedCountries: 'RU',
      ownedExtra: 'false',
      dynamicParameters: JSON.stringify(['', '', '', 'silk', '', '', '', '', '', '']),
    });
  });

  it('shows the field the server refused, translated', async () => {
    const { user, dialog } = await openEditor();
    server.use(
      http.put('*/service/design/header/d-1', () => HttpResponse.json({ code: 'invalid_form', message: 'studio is malformed', field: 'studio' }, { status: 400 })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const studio = within(dialog).getByLabelText('Studio');
    await waitFor(() => expect(studio).toHaveAttribute('aria-invalid', 'true'));
    expect(studio).toHaveAccessibleDescription('This value is not valid.');
    expect(within(dialog).getByTestId('error-alert')).toHaveTextContent('Please fill in the form completely and correctly.');
  });

  it('opens the customer field when a confined design has no customer', async () => {
    const { user, dialog } = await openEditor();
    let sent: Record<string, string> | undefined;
    server.use(
      http.put('*/service/design/header/d-1', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json({ code: 'confined_without_customer', message: 'a confined design needs a customer', field: 'customerId' }, { status: 400 });
      }),
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Confined (closed to one customer)' }));
    expect(within(dialog).getByText('A confined design needs a customer: choose it above.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const customer = await within(dialog).findByLabelText('Customer');
    await waitFor(() => expect(customer).toHaveAttribute('aria-invalid', 'true'));
    expect(customer).toBeVisible();
    expect(customer).toHaveAccessibleDescription('A confined design needs a customer.');
    expect(sent).toMatchObject({ isConfined: 'true', customerId: '' });
  });

  it('shows the design’s customer by name and names the parameters Parameter 1 to 10', async () => {
    const { dialog } = await openEditor(designHeader({ customer: { customerGuid: 'cu-1', customerName: 'Bursa Tekstil' } }));
    expect(within(dialog).getByLabelText('Customer')).toHaveValue('Bursa Tekstil');
    for (let number = 1; number <= 10; number += 1) expect(within(dialog).getByLabelText(`Parameter ${number}`)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/GUID/)).not.toBeInTheDocument();
  });

  it('closes a clean form at once on Escape', async () => {
    const { user } = await openEditor();
    expect(screen.getByTestId('design-edit')).toHaveAttribute('data-dirty', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Design edit · 01-0559' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
  });

  it('asks before Escape or a click outside discards unsaved edits', async () => {
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByLabelText('Studio'));
    await user.paste(' B');
    await waitFor(() => expect(screen.getByTestId('design-edit')).toHaveAttribute('data-dirty', 'true'));

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(ask).toHaveTextContent('Your changes to 01-0559 are not saved.');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Studio')).toHaveValue('Studio A B');

    // A click on the backdrop asks too; discarding closes the editor.
    await user.click(document.querySelector('.MuiBackdrop-root:not(.MuiBackdrop-invisible)')!);
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Design edit · 01-0559' })).not.toBeInTheDocument());
  });

  it('closes at once after the edits were saved', async () => {
    const { user, dialog } = await openEditor();
    server.use(http.put('*/service/design/header/d-1', () => HttpResponse.json(designHeader({ designStudio: 'Studio A B' }))));
    await user.click(within(dialog).getByLabelText('Studio'));
    await user.paste(' B');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The design was saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('design-edit')).toHaveAttribute('data-dirty', 'false'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Design edit · 01-0559' })).not.toBeInTheDocument());
  });

  it('deletes the design after a confirmation', async () => {
    const { user, dialog } = await openEditor();
    let deleted = false;
    server.use(
      http.delete('*/service/design/delete/d-1', () => {
        deleted = true;
        return HttpResponse.json({ deleted: true });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete design' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete design 01-0559?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete design' }));

    expect(await screen.findByText('Design 01-0559 was deleted.')).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Design edit · 01-0559' })).not.toBeInTheDocument());
  });
});
