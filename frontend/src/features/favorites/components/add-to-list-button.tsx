import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteIcon, PlaylistAddIcon } from '@/components/icons';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useClientSettings } from '@/lib/client-settings';
import { useAddToList } from '../api/add-to-list';
import { useListsEntries } from '../api/get-lists-entries';
import { useRemoveFromList } from '../api/remove-from-list';
import type { ShownColorway } from '../types';
import { AddToListDialog } from './add-to-list-dialog';

/**
 * Add the shown colorway to a favorite list. With "remember my choice" on and a list chosen, one
 * click adds to that list (a toast offers to undo it), and "Lists" opens the modal all the same;
 * otherwise the click opens the modal. The button says how many lists hold the colorway.
 */
export function AddToListButton({ colorway }: { colorway: ShownColorway }) {
  const { t } = useTranslation('favorites');
  const lists = useListsEntries();
  const settings = useClientSettings();
  const add = useAddToList();
  const remove = useRemoveFromList();
  const toast = useToast();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);

  const holding = lists.data?.filter((list) => list.entries.some((entry) => entry.colorwayGuid === colorway.colorwayGuid)) ?? [];
  const remembered = settings.isRememberFavoriteSelection ? lists.data?.find((list) => list.id === settings.selectedCollection) : undefined;
  const oneClick = remembered && !holding.some((list) => list.id === remembered.id);

  const addToRemembered = () => {
    if (!remembered) return;
    const change = { ...colorway, listId: remembered.id };
    add.mutate(change, {
      onSuccess: () =>
        toast(t('toasts.added', { list: remembered.name }), 'success', {
          label: t('actions.undo'),
          onClick: () => remove.mutate(change, { onSuccess: () => toast(t('toasts.removed', { list: remembered.name }), 'info'), onError: showError }),
        }),
      onError: showError,
    });
  };

  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant={holding.length > 0 ? 'outlined' : 'contained'}
        startIcon={<FavoriteIcon />}
        onClick={oneClick ? addToRemembered : () => setOpen(true)}
        disabled={lists.isPending}
        data-testid="add-to-list"
        data-lists={holding.length}
      >
        {oneClick ? t('add.toList', { list: remembered.name }) : holding.length > 0 ? t('add.inLists', { count: holding.length }) : t('add.button')}
      </Button>
      {oneClick && (
        <Button variant="outlined" startIcon={<PlaylistAddIcon />} onClick={() => setOpen(true)} data-testid="choose-list">
          {t('add.choose')}
        </Button>
      )}
      {open && <AddToListDialog colorway={colorway} onClose={() => setOpen(false)} />}
    </Stack>
  );
}
