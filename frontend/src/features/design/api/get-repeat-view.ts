import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';

/** Runs along an edge where the repeat does not join up, as shares (0 to 1) of the edge. */
export type SeamRuns = [number, number][];

/** GET /design/repeat/{design}/{colorway}: the repeated plane and where its copies are. */
export type RepeatPlane = {
  /** The plane's DZI descriptor. */
  tiles: string;
  /** Copies across and down. */
  periods: number;
  periodWidth: number;
  periodHeight: number;
  shiftDirection: 'none' | 'drop' | 'brick';
  /** The shift between neighbouring copies, in the design's pixels. */
  shiftPx: number;
  mirror: boolean;
  /** The seam check (staff only): runs along the right (`vertical`) and bottom (`horizontal`) edges. */
  seams?: { vertical: SeamRuns; horizontal: SeamRuns };
};

/** The colorway's repeated plane; `edited` (the design's edit date) refetches it after a repeat edit. */
export function useRepeatPlane(design: string, colorway: string, mirror: boolean, edited: string) {
  return useQuery({
    queryKey: ['design', 'repeat', design, colorway, mirror, edited],
    queryFn: ({ signal }) => apiGet<RepeatPlane>(`/design/repeat/${design}/${colorway}?mirror=${mirror}`, signal),
    staleTime: 60_000,
  });
}
