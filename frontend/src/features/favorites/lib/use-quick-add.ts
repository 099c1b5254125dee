import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useClientSettings } from '@/lib/client-settings';
import { useAddToList } from '../api/add-to-list';
import { useColorwayLists } from '../api/get-colorway-lists';
import { useLists } from '../api/get-lists';
import { useRemoveFromList } from '../api/remove-from-list';
import type { ShownColorway } from '../types';

/**
 * A colorway's place in the user's lists: the lists that hold it, the remembered list ("remember
 * my choice" on, a list chosen), and `quickAdd` when one click may add it there (with a toast that
 * undoes it). Shared by the design page's button and the result cards' heart.
 */
export function useQuickAdd(colorway: ShownColorway) {
  const { t } = useTranslation('favorites');
  const lists = useLists();
  const held = useColorwayLists(colorway.colorwayGuid);
  const settings = useClientSettings();
  const add = useAddToList();
  const remove = useRemoveFromList();
  const toast = useToast();
  const showError = useErrorToast();

  const holding = lists.data?.filter((list) => held.data?.listIds.includes(list.id)) ?? [];
  const remembered = settings.isRememberFavoriteSelection ? lists.data?.find((list) => list.id === settings.selectedCollection) : undefined;
  const target = remembered && !holding.some((list) => list.id === remembered.id) ? remembered : undefined;

  const quickAdd = target
    ? () => {
        const change = { ...colorway, listId: target.id };
        add.mutate(change, {
          onSuccess: () =>
            toast(t('toasts.added', { list: target.name }), 'success', {
              label: t('actions.undo'),
              onClick: () => remove.mutate(change, { onSuccess: () => toast(t('toasts.removed', { list: target.name }), 'info'), onError: showError }),
            }),
          onError: showError,
        });
      }
    : undefined;

  return { loading: lists.isPending || held.isPending, holding, target, quickAdd };
}
