import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ClearAllIcon } from '@/components/icons/clear-all-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { ShareIcon } from '@/components/icons/share-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { formatDateTime } from '@/lib/format';
import { useDeleteList } from '../api/delete-list';
import { useEmptyList } from '../api/empty-list';
import { useRenameList } from '../api/rename-list';
import { useShareList } from '../api/share-list';
import type { FavoriteList } from '../types';
import { ListNameDialog } from './list-name-dialog';

type Dialog = 'rename' | 'empty' | 'delete' | null;

/**
 * A list's actions: those other features bring (`children`: download all as CAD, export the
 * line sheet), share with the studio, rename, empty and delete (the last two confirmed).
 */
export function ListActions({ list, children }: { list: FavoriteList; children?: ReactNode }) {
  const { t, i18n } = useTranslation('favorites');
  const [dialog, setDialog] = useState<Dialog>(null);
  const rename = useRenameList();
  const share = useShareList();
  const empty = useEmptyList();
  const remove = useDeleteList();
  const toast = useToast();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const close = () => setDialog(null);

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {children}
      <Button
        variant="contained"
        startIcon={<ShareIcon />}
        loading={share.isPending}
        disabled={list.entryCount === 0}
        title={list.shared ? t('actions.sharedOn', { date: formatDateTime(list.shared, i18n.resolvedLanguage) }) : undefined}
        onClick={() => share.mutate(list.id, { onSuccess: () => toast(t('toasts.shared'), 'success'), onError: showError })}
        data-testid="share-list"
      >
        {list.shared ? t('actions.shareAgain') : t('actions.share')}
      </Button>
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('rename')} data-testid="rename-list">
        {t('actions.rename')}
      </Button>
      <Button variant="outlined" startIcon={<ClearAllIcon />} disabled={list.entryCount === 0} onClick={() => setDialog('empty')} data-testid="empty-list">
        {t('actions.empty')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')} data-testid="delete-list">
        {t('actions.delete')}
      </Button>
      {dialog === 'rename' && (
        <ListNameDialog
          title={t('actions.rename')}
          submitLabel={t('actions.save')}
          initialName={list.name}
          pending={rename.isPending}
          error={rename.error}
          onClose={() => {
            rename.reset();
            close();
          }}
          onSubmit={(name) => rename.mutate({ listId: list.id, name }, { onSuccess: () => (toast(t('toasts.renamed'), 'success'), close()) })}
        />
      )}
      <ConfirmDialog
        open={dialog === 'empty'}
        title={t('actions.empty')}
        confirmLabel={t('actions.empty')}
        destructive
        pending={empty.isPending}
        onClose={close}
        onConfirm={() => empty.mutate(list.id, { onSuccess: () => (toast(t('toasts.emptied'), 'success'), close()), onError: showError })}
      >
        {t('confirm.empty', { list: list.name, count: list.entryCount })}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('actions.delete')}
        confirmLabel={t('actions.delete')}
        destructive
        pending={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(list.id, {
            onSuccess: () => {
              toast(t('toasts.deleted', { list: list.name }), 'success');
              void navigate('/favorites', { replace: true });
            },
            onError: showError,
          })
        }
      >
        {t('confirm.delete', { list: list.name, count: list.entryCount })}
      </ConfirmDialog>
    </Stack>
  );
}
