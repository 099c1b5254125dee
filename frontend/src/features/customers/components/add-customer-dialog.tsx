import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useAddCustomer } from '../api/add-customer';
import type { NewCustomer } from '../types';

const empty: NewCustomer = { name: '', address: '', code: '' };

/** Add a customer company: the name is required and unique; address and code are optional. */
export function AddCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common', 'errors']);
  const titleId = useId();
  const toast = useToast();
  const add = useAddCustomer();
  const [customer, setCustomer] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const set = (field: keyof NewCustomer, value: string) => setCustomer((current) => ({ ...current, [field]: value }));

  const serverCode = isApiError(add.error) ? add.error.code : null;
  const nameProblem =
    submitted && !customer.name.trim()
      ? t('errors:customer_name_required')
      : serverCode === 'customer_name_required' || serverCode === 'customer_name_taken'
        ? t(`errors:${serverCode}`)
        : isApiError(add.error) && add.error.field === 'name'
          ? t('add.fieldInvalid')
          : undefined;

  const close = () => {
    if (add.isPending) return;
    setCustomer(empty);
    setSubmitted(false);
    add.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!customer.name.trim()) return;
    add.mutate(customer, {
      onSuccess: ({ customerName }) => {
        toast(t('add.done', { name: customerName }), 'success');
        close();
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="add-customer-form" noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('add.name')} value={customer.name} onChange={(event) => set('name', event.target.value)} required error={Boolean(nameProblem)} helperText={nameProblem} />
          <TextField label={t('add.address')} value={customer.address} onChange={(event) => set('address', event.target.value)} multiline minRows={2} />
          <TextField label={t('add.code')} value={customer.code} onChange={(event) => set('code', event.target.value)} />
          {!nameProblem && <ErrorAlert error={add.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={add.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" form="add-customer-form" variant="contained" loading={add.isPending}>
          {t('add.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
