/**
 * A pool as POST /admin/pool/all answers it: read by the pools screen and by the users screen
 * (which shows and assigns pools).
 */

/** One search of a pool: the spec's pool search criteria (crates/pools/src/criteria.rs). Empty fields do not restrict. */
export type PoolCriteria = {
  designNumber: string;
  allowedArchive: number | null;
  allowedScreenStatus: string[];
  allowedScreenCounts: number[];
  allowedLabels: number[];
  forbiddenLabels: number[];
  allowedCustomers: string[];
  forbiddenCustomers: string[];
  allowedYears: number[];
  allowOwnDesigns: boolean;
  allowConfinedDesigns: boolean;
  allowUnlabeledDesigns: boolean;
};

/** A row of POST /admin/pool/all. */
export type Pool = {
  uniqueid: string;
  name: string;
  description: string;
  searches: PoolCriteria[];
  designs: string[];
  /** The number of each attached design, by id. */
  designNumbers: Record<string, string>;
  wearGuids: string[];
  memberCount: number;
  userCount: number;
  updatedAt: string;
};
