import { useMutation } from '@tanstack/react-query';
import { apiPostFile, type DownloadedFile } from '@/api/api-download';
import { saveFile } from '@/lib/save-file';
import type { LineSheetFormat, LineSheetTarget } from '../types';

export type LineSheetRequest = { format: LineSheetFormat; target: LineSheetTarget };

/**
 * The line sheet as a PDF or a CSV (UTF-8 with BOM), made on request: POST /cad/export for a
 * design's or a list's colorways; POST /cad/export/search/{format}/{page}/{pageSize} for a page of
 * the archive search, its body the very form the search sent.
 */
export function exportLineSheet({ format, target }: LineSheetRequest): Promise<DownloadedFile> {
  if ('search' in target) {
    const { form, page, pageSize } = target.search;
    return apiPostFile(`/cad/export/search/${format}/${page}/${pageSize}`, form);
  }
  return apiPostFile('/cad/export', { format, ...target });
}

/** The file's name when the server gives none. */
function fallbackName(target: LineSheetTarget, format: LineSheetFormat): string {
  if ('search' in target) return `archive_page_${target.search.page + 1}.${format}`;
  return `${'designGuid' in target ? target.designGuid : target.listId}.${format}`;
}

/** Exports a line sheet and saves it under the name the server gives it. */
export function useExportLineSheet() {
  return useMutation({
    mutationFn: exportLineSheet,
    onSuccess: ({ blob, fileName }, { format, target }) => saveFile(blob, fileName ?? fallbackName(target, format)),
  });
}
