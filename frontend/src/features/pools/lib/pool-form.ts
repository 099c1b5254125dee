import type { ErrorCode } from '@/api/api-error';
import { emptyCriteria } from '@/lib/pool-criteria';
import type { Pool, PoolCriteria } from '@/types/pool';
import type { PoolSave } from '../types';

/** The pool being edited. */
export type PoolDraft = { uniqueid?: string; name: string; description: string; searches: PoolCriteria[]; designs: string[]; wearGuids: string[] };

/** How long the pools screen waits after the last edit before asking the server (live counts, previews, the pickers). */
export const POOLS_DEBOUNCE_MS = 400;

export const emptyPool: PoolDraft = { name: '', description: '', searches: [], designs: [], wearGuids: [] };

export function draftOf(pool: Pool): PoolDraft {
  return {
    uniqueid: pool.uniqueid,
    name: pool.name,
    description: pool.description,
    // Saved searches may lack fields added later: the defaults fill them.
    searches: pool.searches.map((search) => ({ ...emptyCriteria, ...search })),
    designs: pool.designs,
    wearGuids: pool.wearGuids,
  };
}

/** Spec section 5: a name ("You must specify a name."), and at least 1 search or design. */
export function checkPool(draft: PoolDraft): { name?: ErrorCode; content?: ErrorCode } {
  const problems: { name?: ErrorCode; content?: ErrorCode } = {};
  if (!draft.name.trim()) problems.name = 'pool_name_required';
  if (draft.searches.length === 0 && draft.designs.length === 0) problems.content = 'pool_empty';
  return problems;
}

/** The JSON body of POST /admin/pool/insert (`uniqueid` only when editing). */
export function poolSave(draft: PoolDraft): PoolSave {
  const save: PoolSave = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    dtos: draft.searches,
    extraGuids: draft.designs,
    wearGuids: draft.wearGuids,
  };
  if (draft.uniqueid) save.uniqueid = draft.uniqueid;
  return save;
}
