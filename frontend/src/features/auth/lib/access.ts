import type { TokenValidation } from '../types';

/** First path segments whose login URL carries `?redirect=<original path>` (spec section 2). */
const redirectingSections = new Set(['design', 'my-collection', 'collections-basic', 'collection-mood', 'collections-design', 'collections']);

export function carriesRedirect(pathname: string): boolean {
  return redirectingSections.has(pathname.split('/')[1] ?? '');
}

/** The login URL for a visitor of `path` (pathname + search) who must sign in. */
export function loginPath(path: string, expired: boolean): string {
  const params = new URLSearchParams();
  if (expired) params.set('expired', 'true');
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (carriesRedirect(pathname)) params.set('redirect', path);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

export type AccessInput = {
  /** pathname + search of the requested page. */
  path: string;
  hasToken: boolean;
  /** The server's validate-token answer; undefined while it is pending. */
  validation: TokenValidation | undefined;
  requireAdmin: boolean;
};

export type Access =
  | { kind: 'allow' }
  | { kind: 'pending' }
  | { kind: 'redirect'; to: string };

/** The route guard of spec section 2, as a pure decision. */
export function decideAccess({ path, hasToken, validation, requireAdmin }: AccessInput): Access {
  if (!hasToken) return { kind: 'redirect', to: loginPath(path, false) };
  if (!validation) return { kind: 'pending' };
  if (!validation.isValid) return { kind: 'redirect', to: loginPath(path, true) };
  if (requireAdmin && !validation.isAdmin) return { kind: 'redirect', to: '/' };
  if (requireAdmin && !validation.is2FaValidated) {
    return { kind: 'redirect', to: `/authenticate?${new URLSearchParams({ redirect: path })}` };
  }
  return { kind: 'allow' };
}
