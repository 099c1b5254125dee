import { isApiError, type ErrorCode } from '@/api/api-error';
import { labelLanguages, type AdminLabel, type LabelDraft, type LabelLanguage } from '../types';

/** The fields the server names in a refusal (its `field`). */
export type LabelField = `names.${LabelLanguage}` | 'groupId';
const labelFields: readonly string[] = [...labelLanguages.map((language) => `names.${language}`), 'groupId'];

/** A field's problem: a name left blank (labels.json), or a server code (errors.json). */
export type FieldProblem = { kind: 'required' } | { kind: 'server'; code: ErrorCode };
export type FieldProblems = Partial<Record<LabelField, FieldProblem>>;

export function emptyDraft(): LabelDraft {
  return { names: { tr: '', en: '', ru: '' }, groupId: null, isGroupHeader: false };
}

export function draftOf(label: AdminLabel): LabelDraft {
  return { names: { ...label.names }, groupId: label.isGroupHeader ? null : label.groupId, isGroupHeader: label.isGroupHeader };
}

/** The body sent: names trimmed, and no group for a group header (a header cannot be in a group). */
export function labelBody(draft: LabelDraft): LabelDraft {
  return {
    names: { tr: draft.names.tr.trim(), en: draft.names.en.trim(), ru: draft.names.ru.trim() },
    groupId: draft.isGroupHeader ? null : draft.groupId,
    isGroupHeader: draft.isGroupHeader,
  };
}

/** Every language needs a name. */
export function checkDraft(draft: LabelDraft): FieldProblems {
  const problems: FieldProblems = {};
  for (const language of labelLanguages) if (!draft.names[language].trim()) problems[`names.${language}`] = { kind: 'required' };
  return problems;
}

/**
 * The field a server refusal belongs to: its `field` (a taken name, a malformed one), and the group
 * for `label_group_invalid`, which names none. Anything else is shown under the form.
 */
export function serverProblems(error: unknown): FieldProblems {
  if (!isApiError(error)) return {};
  if (error.field && labelFields.includes(error.field)) return { [error.field as LabelField]: { kind: 'server', code: error.code } };
  if (error.code === 'label_group_invalid') return { groupId: { kind: 'server', code: error.code } };
  return {};
}
