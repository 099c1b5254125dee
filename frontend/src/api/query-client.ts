import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Queries and mutations with this meta handle `login_required` themselves (the route guard, logout). */
export type SessionMeta = { handlesLoginRequired?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: SessionMeta;
    mutationMeta: SessionMeta;
  }
}

type Options = {
  /** Called when an answer says `login_required` (the app clears the session and opens /login?expired=true). */
  onLoginRequired: () => void;
  /** Tests switch retries off. */
  retry?: boolean;
};

const noRetryStatuses = new Set([400, 401, 403, 404, 409, 413, 429]);

export function createQueryClient({ onLoginRequired, retry = true }: Options): QueryClient {
  const onError = (error: unknown, source: Query<unknown, unknown, unknown> | Mutation<unknown, unknown, unknown, unknown>) => {
    if (isApiError(error) && error.code === 'login_required' && !source.meta?.handlesLoginRequired) onLoginRequired();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => onError(error, mutation) }),
    defaultOptions: {
      queries: {
        // Never retry an answer the server gave on purpose (401 above all): only network/5xx failures.
        retry: retry ? (failureCount, error) => !(isApiError(error) && noRetryStatuses.has(error.status)) && failureCount < 2 : false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
