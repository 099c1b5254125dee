import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@/lib/router';

/**
 * The parameters of a mailed link (reset, invitation, auto-login): `mail` and the single-use
 * `token`. The server puts them in the fragment (`#mail=…&token=…`), which a browser never sends,
 * so no request log records them; links mailed before that carry them in the query. Read once on
 * arrival; then the token and the fragment leave the address bar and the history entry.
 */
export function useLinkParams(): URLSearchParams {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useState(() => {
    const merged = new URLSearchParams(location.search);
    new URLSearchParams(location.hash.slice(1)).forEach((value, key) => merged.set(key, value));
    return merged;
  });
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!location.hash && !search.has('token')) return;
    search.delete('token');
    const query = search.toString();
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : '', hash: '' }, { replace: true });
  }, [location, navigate]);
  return params;
}
