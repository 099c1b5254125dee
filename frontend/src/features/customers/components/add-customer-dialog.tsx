import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useAddCustomer } from '../api/add-customer';
import type { NewCustomer } from '../types';

const empty: NewCustomer = { name: '', address: '', code: '' };

/** Add a customer company: the name is required and unique; address and code are optional. */
export function AddCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common', 'errors']);
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

  const submit = () => {
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
    <FormDialog
      open={open}
      title={t('add.title')}
      onSubmit={submit}
      onClose={close}
      pending={add.isPending}
      error={nameProblem ? null : add.error}
      submitLabel={t('add.save')}
    >
      <TextField label={t('add.name')} value={customer.name} onChange={(event) => set('name', event.target.value)} required error={Boolean(nameProblem)} helperText={nameProblem} />
      <TextField label={t('add.address')} value={customer.address} onChange={(event) => set('address', event.target.value)} multiline minRows={2} />
      <TextField label={t('add.code')} value={customer.code} onChange={(event) => set('code', event.target.value)} />
    </FormDialog>
  );
}
