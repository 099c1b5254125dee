import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
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
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteSpecialList } from '../api/delete-special-list';
import { useSpecialLists } from '../api/get-special-lists';
import { nameIn } from '../lib/names';
import { listLanguages, listRules, type SpecialList } from '../types';
import { ListDesignsDialog } from './list-designs-dialog';
import { ListNamesDialog } from './list-names-dialog';

const columns = ['tr', 'en', 'ru', 'rule', 'designs', 'actions'] as const;

/**
 * Admin → Special lists (/admin/special-lists): the archive search's special lists, named in the
 * three languages. Lists of chosen designs are made, renamed, filled and deleted here; the seeded
 * rule lists are only renamed (their designs follow their rule).
 */
export function SpecialListsPage() {
  const { t, i18n } = useTranslation(['specialLists', 'admin']);
  useDocumentTitle(t('admin:menu.specialLists'));
  const toast = useToast();
  const showError = useErrorToast();
  const lists = useSpecialLists();
  const remove = useDeleteSpecialList();
  const [naming, setNaming] = useState<SpecialList | 'new' | null>(null);
  const [filling, setFilling] = useState<SpecialList | null>(null);
  const [deleting, setDeleting] = useState<SpecialList | null>(null);
  const locale = i18n.resolvedLanguage;
  const ruleText = (rule: string) => ((listRules as readonly string[]).includes(rule) ? t(`specialLists:rules.${rule as (typeof listRules)[number]}`) : rule);

  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('admin:menu.specialLists')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming('new')}>
          {t('specialLists:create')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('specialLists:intro')}
      </Typography>
      {lists.isFetching && <LinearProgress />}
      <ErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('admin:menu.specialLists')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={column === 'designs' ? 'right' : undefined}>
                  {t(`specialLists:columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lists.data?.map((list) => {
              const name = nameIn(list, locale);
              const chosen = list.rule === 'designs';
              return (
                <TableRow key={list.id} hover data-testid="special-list-row">
                  {listLanguages.map((language) => (
                    <TableCell key={language} lang={language}>
                      {list.names[language] || '—'}
                    </TableCell>
                  ))}
                  <TableCell>{ruleText(list.rule)}</TableCell>
                  <TableCell align="right">{chosen ? list.designCount.toLocaleString(locale) : '—'}</TableCell>
                  <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={t('specialLists:rename', { name })} onClick={() => setNaming(list)}>
                      <EditIcon />
                    </IconButton>
                    {chosen && (
                      <>
                        <Button size="small" onClick={() => setFilling(list)}>
                          {t('specialLists:designs.button')}
                        </Button>
                        <IconButton aria-label={t('specialLists:delete.button', { name })} onClick={() => setDeleting(list)}>
                          <DeleteIcon />
                        </IconButton>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {lists.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('specialLists:empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {naming && <ListNamesDialog key={naming === 'new' ? 'new' : naming.id} list={naming === 'new' ? null : naming} onClose={() => setNaming(null)} />}
      {filling && <ListDesignsDialog key={filling.id} list={filling} onClose={() => setFilling(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('specialLists:delete.title', { name: deleting ? nameIn(deleting, locale) : '' })}
        confirmLabel={t('specialLists:delete.confirm')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast(t('specialLists:delete.done', { name: nameIn(deleting, locale) }), 'success'),
            onError: showError,
            onSettled: () => setDeleting(null),
          })
        }
      >
        {t('specialLists:delete.body', { count: deleting?.designCount ?? 0 })}
      </ConfirmDialog>
    </Paper>
  );
}
