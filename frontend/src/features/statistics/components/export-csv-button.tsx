import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '@/components/icons/download-icon';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useExportCsv, type CsvExport } from '../api/export-csv';

/** "Export CSV": every entry of the tab under the same filters and order, as a download. */
export function ExportCsvButton({ request, disabled }: { request: CsvExport; disabled?: boolean }) {
  const { t } = useTranslation('statistics');
  const showError = useErrorToast();
  const csv = useExportCsv();
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={csv.isPending}
      disabled={disabled}
      onClick={() => csv.mutate(request, { onError: showError })}
      data-testid="statistics-export"
    >
      {t('export.button')}
    </Button>
  );
}
