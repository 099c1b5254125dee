import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { TablePager } from '@/components/table-pager';
import { formatDateTime, formatDateTimeShort } from '@/lib/format';
import { useParameterName } from '@/lib/parameter-names';
import { useAuditLog } from '../api/get-audit-log';
import { auditDetails } from '../lib/audit-details';
import { isAuditAction } from '../types';

const columns = ['at', 'actor', 'action', 'subject', 'details'] as const;

export type AuditSubject = { guid: string; name: string };

type Props = { subject: AuditSubject | null; onClearSubject: () => void };

/** The audit log, newest first; limited to one user when `subject` is given. */
export function AuditLog({ subject, onClearSubject }: Props) {
  const { t, i18n } = useTranslation('admin');
  const parameterName = useParameterName();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [shownSubject, setShownSubject] = useState(subject?.guid);
  if (shownSubject !== subject?.guid) {
    setShownSubject(subject?.guid);
    setPage(0);
  }
  const log = useAuditLog({ page, pageSize, subjectGuid: subject?.guid ?? '' });

  return (
    <>
      {subject && (
        <Alert
          severity="info"
          sx={{ mx: 2, my: 1 }}
          action={
            <Button color="inherit" size="small" onClick={onClearSubject}>
              {t('audit.showAll')}
            </Button>
          }
        >
          {t('audit.filteredBy', { name: subject.name })}
        </Alert>
      )}
      {log.isFetching && <LinearProgress />}
      <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('audit.title')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{t(`audit.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {log.data?.items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(entry.at, i18n.resolvedLanguage)}>
                  {formatDateTimeShort(entry.at, i18n.resolvedLanguage)}
                </TableCell>
                <TableCell>{entry.actorName ?? entry.actorEmail ?? '—'}</TableCell>
                <TableCell>{isAuditAction(entry.action) ? t(`audit.actions.${entry.action}`) : entry.action}</TableCell>
                <TableCell>{entry.subjectName ?? entry.subjectGuid ?? '—'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }} data-testid="audit-details">
                  {auditDetails(entry, t, parameterName)}
                </TableCell>
              </TableRow>
            ))}
            {log.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('audit.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={log.data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        rowsPerPageLabel={t('users.rowsPerPage')}
        displayedRows={({ from, to, count }) => t('users.displayedRows', { from, to, count })}
      />
    </>
  );
}
