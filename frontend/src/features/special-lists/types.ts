/** The three languages a special list is named in. */
export const listLanguages = ['tr', 'en', 'ru'] as const;
export type ListLanguage = (typeof listLanguages)[number];
export type ListNames = Record<ListLanguage, string>;

/** `designs`: chosen designs, in order; the seeded lists follow a rule instead. */
export const listRules = ['designs', 'pinned', 'ordered', 'never_ordered'] as const;
export type ListRule = (typeof listRules)[number];

export type ListDesign = { designGuid: string; designName: string; thumbnail?: string | null };

/** A list of GET /admin/special-lists. */
export type SpecialList = {
  id: number;
  names: ListNames;
  rule: ListRule | string;
  designCount: number;
  designs: ListDesign[];
};
