import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { FormDialog } from './form-dialog';

function renderDialog(props: Partial<ComponentProps<typeof FormDialog>> = {}) {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  render(
    <FormDialog title="Rename" submitLabel="Save" onSubmit={onSubmit} onClose={onClose} {...props}>
      <TextField label="Name" />
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('submits from the button and from Enter in a field, and cancels', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the error and locks Cancel while pending', () => {
    renderDialog({ pending: true, error: new Error('boom') });
    expect(screen.getByTestId('error-alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
