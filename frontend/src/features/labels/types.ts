/** The three languages a label is named in. */
export const labelLanguages = ['tr', 'en', 'ru'] as const;
export type LabelLanguage = (typeof labelLanguages)[number];
export type LabelNames = Record<LabelLanguage, string>;

/** A label of GET /admin/labels. */
export type AdminLabel = {
  id: number;
  names: LabelNames;
  /** The name in the admin's language. */
  label: string;
  /** The group header this label is under; null for a header and for an ungrouped label. */
  groupId: number | null;
  /** Names a group: shown as its title, never carried by a design. */
  isGroupHeader: boolean;
  /** How many designs carry it. */
  labelCount: number;
  /** How many wear models carry it. */
  wearCount: number;
};

/** The body of POST /admin/labels and PUT /admin/labels/{id}. */
export type LabelDraft = { names: LabelNames; groupId: number | null; isGroupHeader: boolean };

/** POST /admin/labels/{id}/merge: the kept label, and how many designs got it. */
export type MergeAnswer = { label: AdminLabel; moved: number };

/** DELETE /admin/labels/{id}: how many designs carried it. */
export type DeleteAnswer = { deleted: boolean; designCount: number };

/** The design a tagging answer offers; `preview` is a large image of `width` × `height` pixels. */
export type TaggedDesign = {
  designGuid: string;
  /** The design number, e.g. 01-0042. */
  designName: string;
  originalName: string | null;
  colorwayGuid: string | null;
  preview: string;
  thumbnail: string | null;
  width: number;
  height: number;
};

/** total: the designs (matching the name filter); remaining: those without a label; done: the others. */
export type TaggingProgress = { done: number; remaining: number; total: number };

export type LabelSuggestion = { labelId: number; confidence: number; source: 'similar' | 'palette' | string };

/** GET /admin/tags/unlabeled and PATCH /admin/tags/unlabeled: the design to label next (null when none is left). */
export type TaggingAnswer = { design: TaggedDesign | null; progress: TaggingProgress; suggestions: LabelSuggestion[] };
