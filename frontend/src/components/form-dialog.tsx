import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

type Props = {
  /** Shown by default; pass `open` for a dialog that stays mounted. */
  open?: boolean;
  title: string;
  children: ReactNode;
  submitLabel: string;
  /** Called on submit (the button, or Enter in a field); the default is already prevented. */
  onSubmit: () => void;
  onClose: () => void;
  /** While true the dialog cannot be closed and the submit button spins. */
  pending?: boolean;
  submitDisabled?: boolean;
  /** Shown as an ErrorAlert below the fields. */
  error?: unknown;
  maxWidth?: DialogProps['maxWidth'];
};

/**
 * A dialog around a form: a title, the fields, an optional error, and Cancel / submit buttons.
 * The fields sit in a `noValidate` form (the caller checks them); the submit button belongs to it.
 */
export function FormDialog({ open = true, title, children, submitLabel, onSubmit, onClose, pending = false, submitDisabled = false, error, maxWidth = 'sm' }: Props) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
          {children}
          <ErrorAlert error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={submitDisabled} loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
