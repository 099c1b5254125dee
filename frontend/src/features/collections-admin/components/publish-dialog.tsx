import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '@/components/customer-picker';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { usePublishStockPage } from '../api/publish-stock-page';
import type { CollectionNode } from '../types';

/** Publishes the collection for one customer company; again for the same company, the link changes. */
export function PublishDialog({ collection, onClose }: { collection: CollectionNode; onClose: () => void }) {
  const { t } = useTranslation('collectionsAdmin');
  const toast = useToast();
  const publish = usePublishStockPage();
  const [customerGuid, setCustomerGuid] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const existing = collection.stockPages?.find((page) => page.customerGuid === customerGuid);
  const missing = submitted && !customerGuid;

  const submit = () => {
    setSubmitted(true);
    if (!customerGuid) return;
    publish.mutate(
      { collectionId: collection.id, customerGuid },
      {
        onSuccess: (page) => {
          toast(t('stock.published', { name: page.customerName }), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('stock.publishTitle', { name: collection.name })}
      submitLabel={t('stock.publishConfirm')}
      onSubmit={submit}
      onClose={onClose}
      pending={publish.isPending}
      error={publish.error}
    >
      <Typography variant="body2">{t('stock.publishBody')}</Typography>
      <CustomerPicker
        value={customerGuid}
        onChange={setCustomerGuid}
        testId="stock-customer"
        noOptionsText={t('stock.noCustomers')}
        field={{ label: t('stock.customer'), error: missing, helperText: missing ? t('stock.customerRequired') : undefined }}
      />
      {existing && <Alert severity="warning">{t('stock.rotates', { name: existing.customerName })}</Alert>}
    </FormDialog>
  );
}
