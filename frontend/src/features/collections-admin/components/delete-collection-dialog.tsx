import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useDeleteCollection } from '../api/delete-collection';
import type { CollectionNode } from '../types';

type Props = { node: CollectionNode; isSub: boolean; onClose: () => void; onDeleted: () => void };

/** Asks before deleting a collection (with its sub-collections, images, groups and stock pages) or a sub-collection. */
export function DeleteCollectionDialog({ node, isSub, onClose, onDeleted }: Props) {
  const { t } = useTranslation('collectionsAdmin');
  const toast = useToast();
  const remove = useDeleteCollection();
  const confirm = () =>
    remove.mutate(node.id, {
      onSuccess: () => {
        toast(t('delete.done', { name: node.name }), 'success');
        onDeleted();
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      destructive
      title={t(isSub ? 'delete.subTitle' : 'delete.title', { name: node.name })}
      confirmLabel={t(isSub ? 'delete.confirmSub' : 'delete.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Stack spacing={1}>
        <Typography>
          {isSub
            ? t('delete.subBody', { name: node.name })
            : t('delete.body', { name: node.name, count: node.subCollections?.length ?? 0 })}
        </Typography>
        {!isSub && (node.stockPages?.length ?? 0) > 0 && <Typography>{t('delete.stockPages', { count: node.stockPages?.length ?? 0 })}</Typography>}
        <Typography color="text.secondary">{t('delete.irreversible')}</Typography>
        <ErrorAlert error={remove.error} />
      </Stack>
    </ConfirmDialog>
  );
}
