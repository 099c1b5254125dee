import type { PoolCriteria } from '@/types/pool';

/** The body of POST /admin/pool/insert. */
export type PoolSave = {
  uniqueid?: string;
  name: string;
  description: string;
  dtos: PoolCriteria[];
  extraGuids: string[];
  wearGuids: string[];
};

/** The user pickers' option (the picker is shared: src/components/user-picker.tsx). */
export type { UserOption } from '@/api/reference/find-users';

/** A design of a search answer, as the pool screen shows it. */
export type DesignResult = { designGuid: string; designName: string; thumbnail: string | null };
export type DesignPage = { results: DesignResult[]; totalCount: number; totalPage: number; currentPage: number };

export const explainRules = [
  'staff',
  'open_design',
  'own_customer',
  'confined_other_customer',
  'pool_search',
  'pool_design',
  'pool_own_customer',
  'not_in_pool',
  'no_design',
] as const;
export type ExplainRule = (typeof explainRules)[number];

export const criteriaFields = [
  'designNumber',
  'allowedArchive',
  'allowedScreenStatus',
  'allowedScreenCounts',
  'allowedLabels',
  'forbiddenLabels',
  'allowedCustomers',
  'forbiddenCustomers',
  'allowedYears',
  'allowOwnDesigns',
  'allowConfinedDesigns',
  'allowUnlabeledDesigns',
] as const;
export type CriteriaField = (typeof criteriaFields)[number];

/** POST /admin/pool/explain: why a user sees (or does not see) a design. */
export type Explanation = {
  visible: boolean;
  rule: ExplainRule | string;
  poolGuid: string | null;
  poolName: string | null;
  searches: { index: number; admits: boolean; failing: string[] }[];
  explicit: boolean;
  designGuid: string | null;
  designNumber: string | null;
};
