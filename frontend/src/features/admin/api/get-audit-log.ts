import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost, type FormValues } from '@/api/api-client';
import type { AuditEntry, Page } from '../types';
import { adminKeys } from './keys';

/** Pages count from 0; `subjectGuid` limits the log to what happened to one user. */
export type AuditQuery = { page: number; pageSize: number; subjectGuid: string };

export function getAuditLog({ page, pageSize, subjectGuid }: AuditQuery, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  const form: FormValues = { page, pageSize };
  if (subjectGuid) form.subjectGuid = subjectGuid;
  return apiPost<Page<AuditEntry>>('/admin/audit/get-all', form, signal);
}

export function auditLogQueryOptions(params: AuditQuery) {
  return queryOptions({
    queryKey: [...adminKeys.audit, params],
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: AuditQuery) {
  return useQuery(auditLogQueryOptions(params));
}
