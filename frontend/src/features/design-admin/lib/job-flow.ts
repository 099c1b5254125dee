import type { AddedDesign, Id, ImportFile, ImportJob } from '../types';
import { isJobBusy } from '../api/get-import-job';

/** The stepper: Upload → Process → Merge & number → Add to archive → Done. */
export const importSteps = ['upload', 'process', 'merge', 'add', 'done'] as const;
export type ImportStep = (typeof importSteps)[number];

/** Where the user asked to be while the job is processed (merge and add share that state). */
export type ProcessedStage = 'merge' | 'add' | null;

/** The files that become colorways: processed (or already added) ones. */
export function usableFiles(job: ImportJob): ImportFile[] {
  return job.files.filter((file) => file.state === 'processed' || file.state === 'added');
}

export function hasDesignNumbers(job: ImportJob): boolean {
  const files = usableFiles(job);
  return files.length > 0 && files.every((file) => Boolean(file.designNumber));
}

export function hasColorwayNames(job: ImportJob): boolean {
  const files = usableFiles(job);
  return files.length > 0 && files.every((file) => Boolean(file.colorwayName));
}

/** The step a job is at. A processed job is merged and numbered first, then added. */
export function stepOf(job: ImportJob | undefined, stage: ProcessedStage): ImportStep {
  if (!job) return 'upload';
  switch (job.state) {
    case 'uploading':
      return isJobBusy(job) ? 'process' : 'upload';
    case 'processing':
      return 'process';
    case 'processed':
      if (isJobBusy(job)) return 'process';
      if (stage) return stage;
      return hasDesignNumbers(job) && hasColorwayNames(job) ? 'add' : 'merge';
    case 'added':
      return 'add';
    case 'completed':
      return 'done';
    default:
      return 'upload';
  }
}

/** Groups of file ids (as text), in the order their first file appears. */
export type FileGroups = string[][];

function groupBy(job: ImportJob, key: (file: ImportFile) => Id | null | undefined): FileGroups {
  const groups = new Map<string, string[]>();
  for (const file of usableFiles(job)) {
    const group = String(key(file) ?? file.fileId);
    groups.set(group, [...(groups.get(group) ?? []), String(file.fileId)]);
  }
  return [...groups.values()];
}

/** The grouping the server has: a file is its own group until a merge. */
export function currentGroups(job: ImportJob): FileGroups {
  return groupBy(job, (file) => file.group);
}

/** The file-name rule's proposal (rose_VR1.tif and rose_VR2.tif: one design). */
export function suggestedGroups(job: ImportJob): FileGroups {
  return groupBy(job, (file) => file.suggestedGroup);
}

/**
 * A merge has visibly been applied: some file shares another file's group, or designs are
 * numbered already. (A merge that left every file alone looks like no merge: the screen then
 * remembers it was done.)
 */
export function mergeApplied(job: ImportJob): boolean {
  return usableFiles(job).some((file) => (file.group !== null && file.group !== undefined && String(file.group) !== String(file.fileId)) || Boolean(file.designNumber));
}

/** What the merge step starts from: the merge when there is one, else the proposal. */
export function proposedGroups(job: ImportJob, mergedHere = false): FileGroups {
  return mergedHere || mergeApplied(job) ? currentGroups(job) : suggestedGroups(job);
}

/** Numbering may start: merged, or nothing to merge (the proposal is what the server has). */
export function isMerged(job: ImportJob, mergedHere = false): boolean {
  return usableFiles(job).length > 0 && (mergedHere || mergeApplied(job) || sameGroups(currentGroups(job), suggestedGroups(job)));
}

/** Moves a file to another group (or, with `to` = null, into a new group of its own); drops empty groups. */
export function moveFile(groups: FileGroups, fileId: string, to: number | null): FileGroups {
  const next = groups.map((group) => group.filter((id) => id !== fileId));
  if (to === null) next.push([fileId]);
  else next[to]?.push(fileId);
  return next.filter((group) => group.length > 0);
}

export function sameGroups(a: FileGroups, b: FileGroups): boolean {
  const canonical = (groups: FileGroups) => JSON.stringify(groups.map((group) => [...group].sort()).sort());
  return canonical(a) === canonical(b);
}

/** The ids of the merge request, as the server sent them (numbers stay numbers). */
export function groupsForRequest(job: ImportJob, groups: FileGroups): Id[][] {
  const byId = new Map(job.files.map((file) => [String(file.fileId), file.fileId]));
  return groups.map((group) => group.map((id) => byId.get(id) ?? id));
}

/** The designs a job added, read from its files when the add answer is not at hand (after a reload). */
export function addedDesignsOf(job: ImportJob): AddedDesign[] {
  const designs = new Map<string, AddedDesign>();
  for (const file of job.files) {
    if (!file.designGuid) continue;
    const design = designs.get(file.designGuid) ?? { designGuid: file.designGuid, designName: file.designNumber ?? file.designGuid, colorways: [] };
    if (file.colorwayName) design.colorways.push(file.colorwayName);
    designs.set(file.designGuid, design);
  }
  return [...designs.values()];
}

/** A job the user can still work on. */
export function isOpen(job: ImportJob): boolean {
  return job.state !== 'completed' && job.state !== 'cancelled';
}
