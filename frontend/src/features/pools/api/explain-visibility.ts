import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Explanation } from '../types';

/** POST /admin/pool/explain: why the user sees the design, or why not. */
export function explainVisibility({ userGuid, designNumber }: { userGuid: string; designNumber: string }): Promise<Explanation> {
  return apiPost<Explanation>('/admin/pool/explain', { userGuid, designNumber: designNumber.trim() });
}

export function useExplainVisibility() {
  return useMutation({ mutationFn: explainVisibility });
}
