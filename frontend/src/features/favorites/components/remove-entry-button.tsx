import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { RemoveIcon } from '@/components/icons/remove-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useRemoveFromList } from '../api/remove-from-list';
import type { ColorwayRef } from '../types';

/** Removes one colorway from the list, from its card. */
export function RemoveEntryButton({ listId, colorway, label }: { listId: string; colorway: ColorwayRef; label: string }) {
  const { t } = useTranslation('favorites');
  const remove = useRemoveFromList();
  const toast = useToast();
  const showError = useErrorToast();
  return (
    <Tooltip title={t('actions.remove')}>
      <IconButton
        size="small"
        aria-label={t('actions.removeNamed', { name: label })}
        disabled={remove.isPending}
        data-testid="remove-entry"
        sx={{ bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
        onClick={() =>
          remove.mutate(
            { ...colorway, listId },
            {
              onSuccess: () => toast(t('toasts.removedOne', { name: label }), 'success'),
              onError: showError,
            },
          )
        }
      >
        <RemoveIcon />
      </IconButton>
    </Tooltip>
  );
}
