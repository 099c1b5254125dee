import type { DesignType, RepeatDirection, RepeatOffset, ScreenStatus } from '@/types/design';

/** Job and file ids as the server sends them (numbers or strings): kept as they come, compared as text. */
export type Id = string | number;

export type JobState = 'uploading' | 'processing' | 'processed' | 'added' | 'completed' | 'cancelled';

export type FileState = 'uploaded' | 'queued' | 'processing' | 'processed' | 'failed' | 'added' | 'cancelled';

/** A file of an import job (ImportFileView). */
export type ImportFile = {
  fileId: Id;
  name: string;
  byteSize: number;
  format: string | null;
  state: FileState;
  progress: number;
  errorCode: string | null;
  errorMessage: string | null;
  /** Why the file was refused, precisely (the compression, the bit depth...), where the reader knows it. */
  errorReason: Reason | null;
  width: number | null;
  height: number | null;
  dpi: number | null;
  colorMode: string | null;
  bitDepth: number | null;
  channels: string[];
  spotChannelCount: number | null;
  layerCount: number | null;
  designType: DesignType | null;
  /** Files with the same group become one design; a file is its own group until a merge. */
  group: Id | null;
  /** The group the file-name rule proposes (rose_VR1.tif and rose_VR2.tif: one design); the file's own id when alone. */
  suggestedGroup: Id | null;
  designNumber: string | null;
  colorwayName: string | null;
  designGuid: string | null;
  colorwayGuid: string | null;
  /** A small JPEG, served with the session cookie (a plain <img src> works). */
  thumbnail: string | null;
  warnings: Reason[];
};

/** A precise reason from the file reader, translated by its code (`reasons.<code>` with `params`); `text` is English. */
export type Reason = { code: string; params: Record<string, string>; text: string };

/** A file the server did not take, with the code of the reason. */
export type Refusal = { name: string; code: string; message: string; reason?: Reason | null };

/** An import job (ImportJobView). */
export type ImportJob = {
  jobId: Id;
  archiveId: number;
  isNewImport: boolean;
  state: JobState;
  progress: number;
  createdAt: string;
  updatedAt: string;
  files: ImportFile[];
  refused: Refusal[];
};

export type AddedDesign = { designGuid: string; designName: string; colorways: string[] };

export type AddToArchiveAnswer = { designs: AddedDesign[]; job: ImportJob };

export type Page<T> = { items: T[]; totalCount: number; totalPage: number; currentPage: number };

/** A row of GET /admin/design/search. */
export type DesignSummary = {
  designGuid: string;
  designName: string;
  archiveId: number;
  designType: DesignType | string;
  originalName: string;
  studio: string;
  uploadDate: string;
  firstColorwayGuid: string | null;
  thumbnail: string | null;
};

/** The form of PUT /design/header/{designGuid}: every field is sent as text. */
export type DesignEdit = {
  repeatOffset: RepeatOffset;
  repeatDirection: RepeatDirection;
  repeatOffsetCustomValue: string;
  isConfined: boolean;
  screenStatus: ScreenStatus;
  originalName: string;
  studio: string;
  notes: string;
  customerId: string;
  labelIDs: number[];
  closedCountries: string[];
  ownedExtra: boolean;
  dynamicParameters: string[];
};
