import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { apiPost } from '@/api/api-client';
import { clearSession } from '@/lib/session';

export function logout(): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/account/logout');
}

/** Revokes the session, forgets user and token, and goes home (which leads to login). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { handlesLoginRequired: true },
    onSettled: () => {
      clearSession();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
