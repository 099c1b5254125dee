import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { createBatcher } from '@/lib/batcher';
import type { ColorwayLists } from '../types';
import { favoritesKeys } from './keys';

/** The most colorways one GET /favorites/colorways asks about. */
export const MAX_COLORWAYS_ASKED = 200;

/** GET /favorites/colorways?ids=a,b: which of the user's lists hold each colorway; one left out is in none. */
export function getColorwaysLists(colorwayGuids: string[], signal?: AbortSignal): Promise<ColorwayLists[]> {
  return apiGet<ColorwayLists[]>(`/favorites/colorways?ids=${colorwayGuids.map(encodeURIComponent).join(',')}`, signal);
}

/** The colorways asked for in the same few milliseconds (a page of cards), read in one request per 200. */
const colorwayLists = createBatcher<ColorwayLists>(
  async (colorwayGuids) => {
    const held = new Map((await getColorwaysLists(colorwayGuids)).map((answer) => [answer.colorwayGuid, answer]));
    return colorwayGuids.map((colorwayGuid) => held.get(colorwayGuid) ?? { colorwayGuid, listIds: [] });
  },
  { max: MAX_COLORWAYS_ASKED },
);

/** The lists that hold a colorway (a card's heart, the design page's button, the add-to-list dialog's ticks). */
export function useColorwayLists(colorwayGuid: string) {
  return useQuery({ queryKey: favoritesKeys.colorway(colorwayGuid), queryFn: () => colorwayLists(colorwayGuid), staleTime: 60_000 });
}
