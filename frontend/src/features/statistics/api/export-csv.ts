import { useMutation } from '@tanstack/react-query';
import { apiPostFile, type DownloadedFile } from '@/api/api-download';
import { saveFile } from '@/lib/save-file';
import { filtersForm } from '../lib/filters';
import { entriesPath } from '../lib/tabs';
import type { EntryTab, StatisticsFilters, StatisticsSort } from '../types';

export type CsvExport = { tab: EntryTab; filters: StatisticsFilters; sort: StatisticsSort };

/** The tab's entries route with the same filters and order plus `format=csv`: every entry, not a page, as an attachment. */
export function exportCsv({ tab, filters, sort }: CsvExport): Promise<DownloadedFile> {
  return apiPostFile(entriesPath(tab), { ...filtersForm(filters), sort, format: 'csv' });
}

/** Exports the tab's entries and saves the CSV under the name the server gives it. */
export function useExportCsv() {
  return useMutation({
    mutationFn: exportCsv,
    onSuccess: ({ blob, fileName }, { tab }) => saveFile(blob, fileName ?? `statistics-${tab}.csv`),
  });
}
