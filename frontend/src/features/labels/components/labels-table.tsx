import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { MergeIcon } from '@/components/icons/merge-icon';
import { useManagedLabels } from '../api/get-labels';
import { nameIn } from '../lib/names';
import { labelLanguages, type AdminLabel } from '../types';
import { DeleteLabelDialog } from './delete-label-dialog';
import { LabelDialog } from './label-dialog';
import { MergeLabelDialog } from './merge-label-dialog';

const columns = ['tr', 'en', 'ru', 'group', 'designs', 'wearModels', 'actions'] as const;
const numeric: readonly string[] = ['designs', 'wearModels'];

/**
 * The "Labels" tab: every label with its three names, its group and how many designs and wear
 * models carry it; labels are created, edited (renamed, regrouped), merged into another and deleted.
 */
export function LabelsTable() {
  const { t, i18n } = useTranslation('labels');
  const labels = useManagedLabels();
  const [editing, setEditing] = useState<AdminLabel | 'new' | null>(null);
  const [merging, setMerging] = useState<AdminLabel | null>(null);
  const [deleting, setDeleting] = useState<AdminLabel | null>(null);
  const locale = i18n.resolvedLanguage;
  const all = labels.data ?? [];
  const headerNames = new Map(all.filter((label) => label.isGroupHeader).map((label) => [label.id, nameIn(label, locale)]));

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('manage.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
          {t('manage.create')}
        </Button>
      </Stack>
      {labels.isFetching && <LinearProgress />}
      <ErrorAlert error={labels.error} onRetry={() => void labels.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('manage.list')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={numeric.includes(column) ? 'right' : undefined}>
                  {t(`manage.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {all.map((label) => {
              const name = nameIn(label, locale);
              const group = label.groupId !== null && !label.isGroupHeader ? headerNames.get(label.groupId) : undefined;
              return (
                <TableRow
                  key={label.id}
                  hover
                  data-testid="label-row"
                  data-group-header={label.isGroupHeader || undefined}
                  sx={label.isGroupHeader ? { bgcolor: 'action.hover', '& td': { fontWeight: 600 } } : undefined}
                >
                  {labelLanguages.map((language) => (
                    <TableCell key={language} lang={language}>
                      {label.names[language] || '—'}
                    </TableCell>
                  ))}
                  <TableCell>{label.isGroupHeader ? <Chip size="small" label={t('manage.groupHeader')} /> : (group ?? '—')}</TableCell>
                  <TableCell align="right">{label.labelCount.toLocaleString(locale)}</TableCell>
                  <TableCell align="right">{label.wearCount.toLocaleString(locale)}</TableCell>
                  <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={t('manage.edit', { name })} onClick={() => setEditing(label)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t('manage.delete', { name })} onClick={() => setDeleting(label)}>
                      <DeleteIcon />
                    </IconButton>
                    {/* Last, so the other buttons stay in line: a group header carries no design, so it has nothing to merge. */}
                    {!label.isGroupHeader && (
                      <IconButton aria-label={t('manage.merge', { name })} onClick={() => setMerging(label)}>
                        <MergeIcon />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {labels.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('manage.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <LabelDialog key={editing === 'new' ? 'new' : editing.id} label={editing === 'new' ? null : editing} labels={all} onClose={() => setEditing(null)} />}
      {merging && <MergeLabelDialog key={merging.id} label={merging} labels={all} onClose={() => setMerging(null)} />}
      <DeleteLabelDialog label={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
