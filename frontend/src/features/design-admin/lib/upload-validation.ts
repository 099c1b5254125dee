import type { ErrorCode } from '@/api/api-error';

/** Spec sections 5 and 9: production files only. */
export const ACCEPTED_EXTENSIONS = ['tif', 'tiff', 'psd', 'psb'] as const;

/** For the file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export type ChosenFile = {
  /** Stable React key of the entry. */
  key: number;
  file: File;
};

export type CheckedFile = ChosenFile & {
  /** Why the file will not be sent; null when it will. */
  refusal: ErrorCode | null;
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

/**
 * The chosen files with what the server would refuse without reading the content: a wrong
 * extension, or a name chosen before or already in the job (the server also compares contents;
 * it stays the authority). Computed afresh as the choice or the job changes.
 */
export function checkFiles(chosen: ChosenFile[], inJob: readonly string[]): CheckedFile[] {
  const checked: CheckedFile[] = [];
  for (const entry of chosen) {
    let refusal: ErrorCode | null = null;
    if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(entry.file.name))) refusal = 'unsupported_file_type';
    else if (
      inJob.some((name) => sameName(name, entry.file.name)) ||
      checked.some((other) => other.refusal === null && sameName(other.file.name, entry.file.name))
    ) {
      refusal = 'duplicate_file';
    }
    checked.push({ ...entry, refusal });
  }
  return checked;
}

/** The files that will be sent. */
export function acceptedFiles(checked: CheckedFile[]): File[] {
  return checked.filter((entry) => entry.refusal === null).map((entry) => entry.file);
}

/** What stops the upload as a whole: no archive chosen, or nothing to send. */
export function checkUpload(archiveId: number | null, checked: CheckedFile[]): ErrorCode | null {
  if (archiveId === null) return 'archive_required';
  if (acceptedFiles(checked).length === 0) return 'no_files';
  return null;
}
