import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { RetryIcon } from '@/components/icons/retry-icon';
import { Thumbnail } from '@/components/thumbnail';
import { formatBytes, formatDecimal } from '@/lib/format';
import { useRemoveFile } from '../api/remove-file';
import { useRetryFile } from '../api/retry-file';
import { useCodeText, useReasonText } from '../lib/code-text';
import { FileWarnings } from './file-warnings';
import type { FileState, ImportFile, ImportJob } from '../types';

const stateColor: Record<FileState, 'default' | 'info' | 'success' | 'error' | 'primary' | 'warning'> = {
  uploaded: 'default',
  queued: 'info',
  processing: 'info',
  processed: 'success',
  failed: 'error',
  added: 'primary',
  cancelled: 'default',
};

const columns = ['preview', 'name', 'size', 'image', 'channels', 'state', 'actions'] as const;

type Props = {
  job: ImportJob;
  files: ImportFile[];
  /** Files can be retried and removed while the job is not in the archive yet. */
  editable: boolean;
  title: string;
};

/** The files of a job: what the server found in each, its state and progress, and why it failed. */
export function ImportFilesTable({ job, files, editable, title }: Props) {
  const { t, i18n } = useTranslation('designAdmin');
  const codeText = useCodeText();
  const reasonText = useReasonText();
  const retry = useRetryFile();
  const remove = useRemoveFile();
  const locale = i18n.resolvedLanguage;
  const busy = (fileId: ImportFile['fileId'], mutation: typeof retry | typeof remove) =>
    mutation.isPending && String(mutation.variables?.fileId) === String(fileId);

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <ErrorAlert error={retry.error ?? remove.error} />
      <TableContainer>
        <Table size="small" aria-label={title} data-testid="import-files">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={column === 'actions' ? 'right' : undefined}>
                  {t(`files.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => {
              const working = file.state === 'queued' || file.state === 'processing';
              return (
                <TableRow key={String(file.fileId)} data-testid="import-file" data-name={file.name} data-state={file.state}>
                  <TableCell sx={{ width: 72 }}>
                    <Thumbnail src={file.thumbnail} alt={file.name} size={48} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                      {file.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {[file.format, file.designType ? t(`designTypes.${file.designType}`) : null].filter(Boolean).join(' · ')}
                    </Typography>
                    {file.state === 'failed' && (
                      <Typography variant="body2" color="error" data-testid="file-error" data-code={file.errorCode ?? ''}>
                        {codeText(file.errorCode, file.errorMessage)}
                        {file.errorReason && (
                          <Typography component="span" variant="body2" sx={{ display: 'block' }} data-testid="file-error-reason" data-reason={file.errorReason.code}>
                            {reasonText(file.errorReason)}
                          </Typography>
                        )}
                      </Typography>
                    )}
                    <FileWarnings warnings={file.warnings} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBytes(file.byteSize, locale)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {file.width && file.height ? (
                      <>
                        {t('files.pixels', { width: file.width, height: file.height })}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {[
                            file.dpi ? t('files.dpi', { dpi: formatDecimal(file.dpi, locale) }) : null,
                            file.colorMode,
                            file.bitDepth ? t('files.bits', { count: file.bitDepth }) : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Typography>
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    {file.channels.length > 0 ? (
                      <Tooltip title={file.channels.join(', ')}>
                        <span>{t('files.channelCount', { count: file.channels.length, spot: file.spotChannelCount ?? 0 })}</span>
                      </Tooltip>
                    ) : (
                      '—'
                    )}
                    {file.layerCount ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {t('files.layers', { count: file.layerCount })}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <Chip size="small" color={stateColor[file.state] ?? 'default'} label={t(`files.states.${file.state}`)} data-testid="file-state" />
                    {working && (
                      <Box sx={{ mt: 0.75 }}>
                        <LinearProgress
                          variant={file.state === 'queued' ? 'indeterminate' : 'determinate'}
                          value={file.progress}
                          aria-label={t('files.progressOf', { name: file.name })}
                          data-testid="file-progress"
                        />
                        <Typography variant="caption" color="text.secondary">
                          {file.state === 'queued' ? t('files.waiting') : `${Math.round(file.progress)} %`}
                        </Typography>
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {editable && file.state === 'failed' && (
                      <Tooltip title={t('files.retry')}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('files.retryFile', { name: file.name })}
                            loading={busy(file.fileId, retry)}
                            onClick={() => retry.mutate({ jobId: job.jobId, fileId: file.fileId })}
                          >
                            <RetryIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                    {editable && !working && file.state !== 'added' && (
                      <Tooltip title={t('files.remove')}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('files.removeFile', { name: file.name })}
                            loading={busy(file.fileId, remove)}
                            onClick={() => remove.mutate({ jobId: job.jobId, fileId: file.fileId })}
                          >
                            <DeleteIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {files.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('files.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
