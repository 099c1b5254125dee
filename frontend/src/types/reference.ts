import type { Label } from './design';

/** An archive of POST /get/archives (named in the asked language) and GET /admin/get/all-archives. */
export type ArchiveOption = { archiveId: number; archiveName: string; code: string };

/**
 * POST /get/customers/basic: every customer for staff (`visible`: offered in the archive's customer
 * filter); a customer's user gets only their own company.
 */
export type CustomerOption = { customerGuid: string; customerName: string; visible?: boolean };

/** POST /get/labels: a label in the asked language with how many designs carry it; group headers name a group. */
export type LabelOption = Label & { labelCount: number };

/**
 * GET /get/design-fields: which design fields the viewer may see and search (staff: all; customers:
 * what the studio allows). GET /admin/settings/design-fields answers the same shape for customers.
 * `dynamicParameters` holds ten flags, dp0 to dp9.
 */
export type DesignFields = {
  notes: boolean;
  originalName: boolean;
  studio: boolean;
  closedCountries: boolean;
  dynamicParameters: boolean[];
};

/** A row of the admin design search (GET /admin/design/search): a design the pickers offer by number. */
export type DesignOption = { designGuid: string; designName: string; thumbnail: string | null; originalName?: string | null };

/** GET /admin/design/search: a page of designs; `currentPage` counts from 0. */
export type DesignOptionPage = { items: DesignOption[]; totalCount: number; totalPage: number; currentPage: number };
