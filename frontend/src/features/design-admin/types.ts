/** Job and file ids as the server sends them (numbers or strings): kept as they come, compared as text. */
export type Id = string | number;

export type JobState = 'uploading' | 'processing' | 'processed' | 'added' | 'completed' | 'cancelled';

export type FileState = 'uploaded' | 'queued' | 'processing' | 'processed' | 'failed' | 'added' | 'cancelled';

export type DesignType = 'rotary' | 'digital';

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
  warnings: string[];
};

/** A file the server did not take, with the code of the reason. */
export type Refusal = { name: string; code: string; message: string };

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

export type Archive = { archiveId: number; archiveName: string; code: string };

export type Label = { id: number; label: string; labelSef: string; groupId: number | null; isGroupHeader: boolean };

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

export type ScreenStatus = 'engraved' | 'not_engraved' | 'faded' | 'none';
export type RepeatOffset = 'none' | '1/2' | '1/3' | '1/4' | 'custom';
export type RepeatDirection = 'horizontal' | 'vertical' | 'none';

export type Size = { width: number; height: number };

export type ColorwayHeader = {
  colorwayGuid: string;
  designGuid: string;
  colorwayName: string;
  colorizables: { channel: number; name: string; color: string }[];
  sourceName: string;
  palette: { rgb: string; l: number; a: number; b: number; share: number }[];
  images: {
    thumbnails: Partial<Record<'d/v' | 'd/h' | 'm/h' | 'c/d/h' | 'c/d/v', string>>;
    preview: string;
    previewWidth: number;
    previewHeight: number;
    tiles: string;
  };
};

export type DesignHeader = {
  guid: string;
  designName: string;
  archiveId: number;
  archive: string;
  designType: DesignType | string;
  colorways: ColorwayHeader[];
  activeColorwayGuid: string | null;
  labels: Label[];
  designSizeCm: Size;
  designSize: Size;
  moldState: ScreenStatus | string;
  isConfined: boolean;
  repeatOffset: { direction: RepeatDirection | string; offset: RepeatOffset | string; customValue: number | null; horizontal: string | null; vertical: string | null };
  channelCount: number;
  layerCount: number;
  colorwayCount: number;
  lastEditDate: string;
  uploadDate: string;
  designDpi: number;
  colorMode: string;
  bitDepth: number;
  closedCountries: string[];
  originalName: string;
  notes: string;
  designStudio: string;
  customer: { customerGuid: string; customerName: string } | null;
  ownedExtra: boolean;
  dynamicParameters: string[];
  orders: { customer: string | null; amount: number; orderType: string; orderedAt: string }[];
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
