import { useMutation } from '@tanstack/react-query';
import { apiPostFile, type DownloadedFile } from '@/api/api-client';
import { saveFile } from '@/lib/save-file';
import type { BundleTarget, LineSheetFormat } from '../types';

export type LineSheetRequest = { format: LineSheetFormat; target: BundleTarget };

/** POST /cad/export: the line sheet of a design's or a list's colorways, as a PDF or a CSV (UTF-8 with BOM), made on request. */
export function exportLineSheet({ format, target }: LineSheetRequest): Promise<DownloadedFile> {
  return apiPostFile('/cad/export', { format, ...target });
}

/** Exports a line sheet and saves it under the name the server gives it. */
export function useExportLineSheet() {
  return useMutation({
    mutationFn: exportLineSheet,
    onSuccess: ({ blob, fileName }, { format, target }) => saveFile(blob, fileName ?? `${'designGuid' in target ? target.designGuid : target.listId}.${format}`),
  });
}
