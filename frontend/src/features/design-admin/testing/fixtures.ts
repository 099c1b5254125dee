import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { server } from '@/testing/server';
import type { Label } from '@/types/design';
import type { ArchiveOption, CustomerOption } from '@/types/reference';
import type { DesignSummary, ImportFile, ImportJob, Page } from '../types';

export const archives: ArchiveOption[] = [
  { archiveId: 1, archiveName: 'Main archive', code: '01' },
  { archiveId: 2, archiveName: 'Digital archive', code: '02' },
];

export const labels: Label[] = [
  { id: 10, label: 'Motifs', labelSef: 'motifs', groupId: 10, isGroupHeader: true },
  { id: 11, label: 'Floral', labelSef: 'floral', groupId: 10, isGroupHeader: false },
  { id: 12, label: 'Paisley', labelSef: 'paisley', groupId: 10, isGroupHeader: false },
];

export const customers: CustomerOption[] = [
  { customerGuid: 'cu-1', customerName: 'Bursa Tekstil' },
  { customerGuid: 'cu-2', customerName: 'Bosphorus Fashion' },
];

/** A file as the server shows it: ids are text; a file is its own group until a merge. */
export function importFile(overrides: Partial<ImportFile> = {}): ImportFile {
  const fileId = overrides.fileId ?? '1';
  return {
    fileId,
    name: 'rose_VR1.tif',
    byteSize: 2_400_000,
    format: 'TIFF',
    state: 'uploaded',
    progress: 0,
    errorCode: null,
    errorMessage: null,
    errorReason: null,
    width: null,
    height: null,
    dpi: null,
    colorMode: null,
    bitDepth: null,
    channels: [],
    spotChannelCount: null,
    layerCount: null,
    designType: null,
    group: fileId,
    suggestedGroup: fileId,
    designNumber: null,
    colorwayName: null,
    designGuid: null,
    colorwayGuid: null,
    thumbnail: null,
    warnings: [],
    ...overrides,
  };
}

export function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    jobId: '7',
    archiveId: 1,
    isNewImport: true,
    state: 'uploading',
    progress: 0,
    createdAt: '2025-01-02T10:00:00Z',
    updatedAt: '2025-01-02T10:00:00Z',
    files: [],
    refused: [],
    ...overrides,
  };
}

/** What processing finds in the two rose colorways and the paisley PSB. */
export function processedFiles(): ImportFile[] {
  const facts = { state: 'processed' as const, progress: 100, width: 4000, height: 3000, dpi: 300, colorMode: 'RGB', bitDepth: 8, designType: 'digital' as const };
  return [
    importFile({ ...facts, fileId: '1', name: 'rose_VR1.tif', suggestedGroup: '1', channels: ['R', 'G', 'B'], thumbnail: '/service/import/thumb/1.jpg' }),
    importFile({ ...facts, fileId: '2', name: 'rose_VR2.tif', suggestedGroup: '1', channels: ['R', 'G', 'B'], thumbnail: '/service/import/thumb/2.jpg' }),
    importFile({
      ...facts,
      fileId: '3',
      name: 'paisley.psb',
      format: 'PSB',
      designType: 'rotary',
      colorMode: 'Multichannel',
      channels: ['Red', 'Navy', 'Gold', 'Cream'],
      spotChannelCount: 4,
      thumbnail: '/service/import/thumb/3.jpg',
    }),
  ];
}

export function designSummary(overrides: Partial<DesignSummary> = {}): DesignSummary {
  return {
    designGuid: 'd-1',
    designName: '01-0559',
    archiveId: 1,
    designType: 'digital',
    originalName: 'rose',
    studio: 'Studio A',
    uploadDate: '2025-01-02T10:00:00Z',
    firstColorwayGuid: 'c-1',
    thumbnail: '/service/design/thumbnail/d/v/d-1/c-1',
    ...overrides,
  };
}

export function page<T>(items: T[]): Page<T> {
  return { items, totalCount: items.length, totalPage: 1, currentPage: 0 };
}

/** A signed-in admin with the second factor done, and the lookups of the design screen. */
export function signedInAdmin({ openJobs = [], designs = [] }: { openJobs?: ImportJob[]; designs?: DesignSummary[] } = {}) {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.get('*/service/admin/get/all-archives', () => HttpResponse.json(archives)),
    http.get('*/service/admin/get/all-labels', () => HttpResponse.json(labels)),
    http.post('*/service/get/customers/basic', () => HttpResponse.json(customers)),
    http.get('*/service/design/import', () => HttpResponse.json(openJobs)),
    http.get('*/service/admin/design/search', () => HttpResponse.json(page(designs))),
  );
}

/** A file as the browser's picker gives it (Node's File: the test environment's FormData needs it). */
export function tiff(name: string, size = 64): File {
  return new NodeFile([new Uint8Array(size)], name, { type: 'image/tiff' }) as unknown as File;
}
