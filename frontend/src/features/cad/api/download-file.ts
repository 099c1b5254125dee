import { useMutation } from '@tanstack/react-query';
import { apiPostFile, type DownloadedFile } from '@/api/api-download';
import { saveFile } from '@/lib/save-file';

export type CadFileRequest = { cadId: number; designGuid: string; colorwayGuid: string };

/** POST /cad/download: the colorway's file in the format, made on request (a rotary design's PSD can take seconds). */
export function downloadCadFile({ cadId, designGuid, colorwayGuid }: CadFileRequest): Promise<DownloadedFile> {
  // No wear model yet: `wearGuid` is sent blank, as the spec's client sends every field.
  return apiPostFile('/cad/download', { cadId, designGuid, colorwayGuid, wearGuid: '' });
}

/** Downloads a colorway's CAD file and saves it under the name the server gives it. */
export function useDownloadCadFile() {
  return useMutation({
    mutationFn: downloadCadFile,
    onSuccess: ({ blob, fileName }, { designGuid, colorwayGuid }) => saveFile(blob, fileName ?? `${designGuid}_${colorwayGuid}`),
  });
}
