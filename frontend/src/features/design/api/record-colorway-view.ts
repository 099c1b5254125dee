import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiPostNoContent } from '@/api/api-client';

export type ColorwayView = { designGuid: string; colorwayGuid: string };

/** POST /metrics/record: one view of a colorway (the statistics' colorway navigation). Answers 204. */
export function recordColorwayView({ designGuid, colorwayGuid }: ColorwayView): Promise<void> {
  return apiPostNoContent('/metrics/record', { designGuid, colorwayGuid });
}

/**
 * Records each colorway the page shows: once when it opens and once per switch, never on a mere
 * re-render (nor on the double effects of React's StrictMode). A failure is only logged.
 */
export function useRecordColorwayView(designGuid: string | undefined, colorwayGuid: string | undefined): void {
  const { mutate } = useMutation({
    mutationFn: recordColorwayView,
    onError: (error) => console.warn('colorway view not recorded', error),
  });
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!designGuid || !colorwayGuid) return;
    const view = `${designGuid}/${colorwayGuid}`;
    if (recorded.current === view) return;
    recorded.current = view;
    mutate({ designGuid, colorwayGuid });
  }, [designGuid, colorwayGuid, mutate]);
}
