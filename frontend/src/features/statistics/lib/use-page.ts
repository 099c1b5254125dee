import { useState } from 'react';

/**
 * A table's page (from 0) that belongs to `key` (the filters, the funnel's rows…): a new key starts
 * again on the first page, and going back to an old key does not bring its page back.
 */
export function usePage(key: string): [page: number, setPage: (page: number) => void] {
  const [paging, setPaging] = useState({ key, page: 0 });
  const page = paging.key === key ? paging.page : 0;
  return [page, (next: number) => setPaging({ key, page: next })];
}
