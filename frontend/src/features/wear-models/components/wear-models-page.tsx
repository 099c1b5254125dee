import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { Thumbnail } from '@/components/thumbnail';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { formatDecimal } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteWearModel } from '../api/delete-wear-model';
import { useWearModels } from '../api/get-wear-models';
import { useSetWearState } from '../api/set-wear-state';
import type { WearModel } from '../types';
import { WearModelDialog } from './wear-model-dialog';

const columns = ['thumbnail', 'name', 'size', 'labels', 'order', 'enabled', 'actions'] as const;

/**
 * Admin → Wear models (/admin/wear-models): the garments a design is shown on at its true size.
 * Models are added, edited (names, real width, order, labels, images), shown or hidden in the
 * online archive (at once, put back if the server refuses) and deleted.
 */
export function WearModelsPage() {
  const { t, i18n } = useTranslation('admin');
  useDocumentTitle(t('menu.wearModels'));
  const toast = useToast();
  const showError = useErrorToast();
  const models = useWearModels();
  const state = useSetWearState();
  const remove = useDeleteWearModel();
  const [editing, setEditing] = useState<WearModel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WearModel | null>(null);
  const locale = i18n.resolvedLanguage;

  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('menu.wearModels')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('wearModels.add')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('wearModels.intro')}
      </Typography>
      {models.isFetching && <LinearProgress />}
      <ErrorAlert error={models.error} onRetry={() => void models.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('menu.wearModels')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={column === 'order' ? 'right' : undefined}>
                  {t(`wearModels.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {models.data?.map((model) => (
              <TableRow key={model.guid} hover data-testid="wear-model-row">
                <TableCell>
                  <Thumbnail src={model.thumbnail} alt={model.wearName} size={56} />
                </TableCell>
                <TableCell>{model.wearName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t('wearModels.size', { width: formatDecimal(model.widthCm, locale), height: formatDecimal(model.heightCm, locale) })}
                </TableCell>
                <TableCell>
                  {model.labels.length > 0 ? (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {model.labels.map((label) => (
                        <Chip key={label.id} size="small" label={label.label} />
                      ))}
                    </Stack>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell align="right">{model.wearOrder.toLocaleString(locale)}</TableCell>
                <TableCell>
                  <Switch
                    checked={model.isEnabled}
                    disabled={state.isPending && state.variables?.wearGuid === model.guid}
                    onChange={(event) => state.mutate({ wearGuid: model.guid, isEnabled: event.target.checked }, { onError: showError })}
                    slotProps={{ input: { 'aria-label': t('wearModels.enabledLabel', { name: model.wearName }) } }}
                  />
                </TableCell>
                <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('wearModels.edit', { name: model.wearName })} onClick={() => setEditing(model)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton aria-label={t('wearModels.delete.button', { name: model.wearName })} onClick={() => setDeleting(model)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {models.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} data-testid="wear-models-empty">
                  {t('wearModels.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <WearModelDialog key={editing === 'new' ? 'new' : editing.guid} model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('wearModels.delete.title', { name: deleting?.wearName ?? '' })}
        confirmLabel={t('wearModels.delete.confirm')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.guid, {
            onSuccess: () => toast(t('wearModels.delete.done', { name: deleting.wearName }), 'success'),
            onError: showError,
            onSettled: () => setDeleting(null),
          })
        }
      >
        {t('wearModels.delete.body')}
      </ConfirmDialog>
    </Paper>
  );
}
