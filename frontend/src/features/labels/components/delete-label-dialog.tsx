import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useDeleteLabel } from '../api/delete-label';
import { nameIn } from '../lib/names';
import type { AdminLabel } from '../types';

/** Asks before deleting a label, saying how many designs (and wear models) lose it; open while `label` is set. */
export function DeleteLabelDialog({ label, onClose }: { label: AdminLabel | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('labels');
  const toast = useToast();
  const showError = useErrorToast();
  const remove = useDeleteLabel();
  const name = label ? nameIn(label, i18n.resolvedLanguage) : '';

  return (
    <ConfirmDialog
      open={label !== null}
      destructive
      title={t('delete.title', { name })}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        label &&
        remove.mutate(label.id, {
          onSuccess: (answer) => toast(t('delete.done', { name, count: answer.designCount }), 'success'),
          onError: showError,
          onSettled: onClose,
        })
      }
    >
      {label && (
        <span data-testid="delete-label-summary">
          {label.labelCount > 0 ? t('delete.body', { count: label.labelCount }) : t('delete.unused')}
          {label.wearCount > 0 && ` ${t('delete.wear', { count: label.wearCount })}`}
          {label.isGroupHeader && ` ${t('delete.headerNote')}`}
        </span>
      )}
    </ConfirmDialog>
  );
}
