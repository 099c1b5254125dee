import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useDeleteCustomer } from '../api/delete-customer';
import type { Customer } from '../types';

/**
 * Asks before deleting a customer. When users or designs refer to it (by the row's counts, or
 * because the server answered `customer_in_use`), it says what goes and then sends `cascade=true`.
 */
export function DeleteCustomerDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'errors']);
  const toast = useToast();
  const remove = useDeleteCustomer();
  const [inUse, setInUse] = useState(customer.userCount > 0 || customer.designCount > 0);

  const confirm = () =>
    remove.mutate(
      { customerGuid: customer.customerGuid, cascade: inUse },
      {
        onSuccess: () => {
          toast(t('delete.done', { name: customer.customerName }), 'success');
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'customer_in_use') setInUse(true);
        },
      },
    );
  const refusedInUse = isApiError(remove.error) && remove.error.code === 'customer_in_use';

  return (
    <ConfirmDialog
      open
      destructive
      title={t('delete.title', { name: customer.customerName })}
      confirmLabel={t(inUse ? 'delete.confirmCascade' : 'delete.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Stack spacing={1}>
        {inUse ? (
          <>
            {refusedInUse && <Typography>{t('errors:customer_in_use')}</Typography>}
            <Typography data-testid="customer-delete-consequences">
              {t('delete.users', { count: customer.userCount })} {t('delete.designs', { count: customer.designCount })}
            </Typography>
          </>
        ) : (
          <Typography>{t('delete.body')}</Typography>
        )}
        {!refusedInUse && <ErrorAlert error={remove.error} />}
      </Stack>
    </ConfirmDialog>
  );
}
