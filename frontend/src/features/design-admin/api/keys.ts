import type { Id } from '../types';

/** The query keys of the import jobs (the design list is a design search: see search-designs.ts). */
export const designAdminKeys = {
  /** Every import query: the open jobs and each job. */
  imports: ['design-admin', 'import'] as const,
  openJobs: ['design-admin', 'import', 'open'] as const,
  job: (jobId: Id) => ['design-admin', 'import', 'job', String(jobId)] as const,
};
