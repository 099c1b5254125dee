import { useEffect, useState } from 'react';

/** The pause after which an autocomplete asks the server (per pause, not per key). */
export const DEBOUNCE_MS = 300;

/** `value` once it has stopped changing for `delay` ms (autocompletes, live counts while editing a search). */
export function useDebounced<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
