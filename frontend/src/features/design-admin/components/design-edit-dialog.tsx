import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminDesignHeader } from '@/api/reference/get-admin-design-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { CloseIcon } from '@/components/icons/close-icon';
import { DesignEditForm } from './design-edit-form';

type Props = { designGuid: string | null; onClose: () => void };

/**
 * The "Design edit" modal: the editable fields, the facts, save and delete. Escape, a click outside
 * or a close button ask first when there are unsaved edits; a clean form closes at once.
 */
export function DesignEditDialog({ designGuid, onClose }: Props) {
  const { t } = useTranslation(['designAdmin', 'common']);
  const header = useAdminDesignHeader(designGuid);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const data = header.data;
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());

  return (
    <Dialog open={designGuid !== null} onClose={requestClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="design-edit-title" data-testid="design-edit" data-dirty={dirty}>
      <DialogTitle id="design-edit-title" sx={{ pr: 6 }}>
        {data ? t('designAdmin:edit.title', { name: data.designName }) : t('designAdmin:edit.titleLoading')}
      </DialogTitle>
      <IconButton aria-label={t('common:actions.close')} onClick={requestClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      {data && designGuid ? (
        // Keyed by design: the form starts from the header it was opened with.
        <DesignEditForm key={designGuid} designGuid={designGuid} header={data} onClose={requestClose} onDeleted={onClose} onDirtyChange={setDirty} />
      ) : (
        <DialogContent>
          <ErrorAlert error={header.error} onRetry={() => void header.refetch()} />
          {header.isPending && (
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
              <CircularProgress aria-label={t('common:loading')} />
            </Box>
          )}
        </DialogContent>
      )}
      <ConfirmDialog
        open={asking}
        title={t('designAdmin:edit.discardTitle')}
        confirmLabel={t('designAdmin:edit.discard')}
        cancelLabel={t('designAdmin:edit.keepEditing')}
        destructive
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          setDirty(false);
          onClose();
        }}
      >
        {t('designAdmin:edit.discardBody', { name: data?.designName ?? '' })}
      </ConfirmDialog>
    </Dialog>
  );
}
