import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiPostNoContent } from '@/api/api-client';

/** `eventId` names this one view: a retry sends it again, and the server counts it once. */
export type ColorwayView = { designGuid: string; colorwayGuid: string; eventId: string };

/** POST /metrics/record: one view of a colorway (the statistics' colorway navigation). Answers 204. */
export function recordColorwayView({ designGuid, colorwayGuid, eventId }: ColorwayView): Promise<void> {
  return apiPostNoContent('/metrics/record', { designGuid, colorwayGuid, eventId });
}

/**
 * Records each colorway the page shows: once when it opens and once per switch, never on a mere
 * re-render (nor on the double effects of React's StrictMode). A failure is only logged.
 */
export function useRecordColorwayView(designGuid: string | undefined, colorwayGuid: string | undefined): void {
  const { mutate } = useMutation({
    mutationFn: recordColorwayView,
    // A dropped connection loses no view: the same event is sent again.
    retry: 2,
    onError: (error) => console.warn('colorway view not recorded', error),
  });
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!designGuid || !colorwayGuid) return;
    const view = `${designGuid}/${colorwayGuid}`;
    if (recorded.current === view) return;
    recorded.current = view;
    mutate({ designGuid, colorwayGuid, eventId: crypto.randomUUID() });
  }, [designGuid, colorwayGuid, mutate]);
}
