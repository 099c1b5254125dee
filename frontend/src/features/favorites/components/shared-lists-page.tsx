import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { formatDateTimeShort } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSharedLists } from '../api/get-shared-lists';

/** Admin → Shared lists (/admin/shared-lists): what customers sent the studio, the latest first; read-only. */
export function SharedListsPage() {
  const { t, i18n } = useTranslation(['favorites', 'admin']);
  useDocumentTitle(t('admin:menu.sharedLists'));
  const lists = useSharedLists();
  const locale = i18n.resolvedLanguage;

  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography variant="h1">{t('admin:menu.sharedLists')}</Typography>
        <Typography color="text.secondary">{t('shared.intro')}</Typography>
      </Box>
      {lists.isPending && <PageSpinner />}
      <Box sx={{ px: 2 }}>
        <ErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />
      </Box>
      {lists.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="shared-empty">
          {t('shared.empty')}
        </Typography>
      )}
      {lists.data && lists.data.length > 0 && (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('shared.columns.list')}</TableCell>
                <TableCell>{t('shared.columns.user')}</TableCell>
                <TableCell>{t('shared.columns.company')}</TableCell>
                <TableCell align="right">{t('shared.columns.colorways')}</TableCell>
                <TableCell>{t('shared.columns.sharedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lists.data.map((list) => (
                <TableRow key={list.id} hover data-testid="shared-list-row" data-list={list.name}>
                  <TableCell>
                    <RouterLink to={`/admin/shared-lists/${encodeURIComponent(list.id)}`}>{list.name}</RouterLink>
                  </TableCell>
                  <TableCell>
                    {list.userName}
                    <Typography variant="body2" color="text.secondary">
                      {list.userEmail}
                    </Typography>
                  </TableCell>
                  <TableCell>{list.customerName ?? '—'}</TableCell>
                  <TableCell align="right">{list.entryCount.toLocaleString(locale)}</TableCell>
                  <TableCell>
                    {formatDateTimeShort(list.sharedAt, locale)}
                    {list.times > 1 && (
                      <Typography variant="body2" color="text.secondary">
                        {t('shared.times', { count: list.times })}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
