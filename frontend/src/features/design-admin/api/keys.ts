import type { Id } from '../types';

/** The query keys of the design admin screen; mutations invalidate the same keys. */
export const designAdminKeys = {
  all: ['design-admin'] as const,
  archives: ['design-admin', 'archives'] as const,
  labels: ['design-admin', 'labels'] as const,
  /** Every import query: the open jobs and each job. */
  imports: ['design-admin', 'import'] as const,
  openJobs: ['design-admin', 'import', 'open'] as const,
  job: (jobId: Id) => ['design-admin', 'import', 'job', String(jobId)] as const,
  /** Every design query: searches and headers. */
  designs: ['design-admin', 'designs'] as const,
  header: (designGuid: string) => ['design-admin', 'designs', 'header', designGuid] as const,
};
