import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useUpdateCollection } from '../api/update-collection';
import type { CollectionKind, CollectionNode } from '../types';

/** A sub-collection without a kind: make it a mood board or a design page, once (asked first: it cannot be undone). */
export function KindChoice({ node }: { node: CollectionNode }) {
  const { t } = useTranslation('collectionsAdmin');
  const toast = useToast();
  const update = useUpdateCollection();
  const [choice, setChoice] = useState<CollectionKind | null>(null);

  const confirm = () => {
    if (!choice) return;
    update.mutate(
      { id: node.id, kind: choice },
      {
        onSuccess: () => {
          toast(t(`kindChoice.done.${choice}`, { name: node.name }), 'success');
          setChoice(null);
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="kind-choice">
      <Alert severity="info">{t('kindChoice.intro')}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={() => setChoice('mood')}>
          {t('kindChoice.mood')}
        </Button>
        <Button variant="outlined" onClick={() => setChoice('design')}>
          {t('kindChoice.design')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={choice !== null}
        title={choice ? t(`kindChoice.confirmTitle.${choice}`, { name: node.name }) : ''}
        confirmLabel={choice ? t(`kindChoice.${choice}`) : ''}
        pending={update.isPending}
        onClose={() => {
          setChoice(null);
          update.reset();
        }}
        onConfirm={confirm}
      >
        <Stack spacing={1}>
          <Typography>{t('kindChoice.irreversible')}</Typography>
          <ErrorAlert error={update.error} />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
