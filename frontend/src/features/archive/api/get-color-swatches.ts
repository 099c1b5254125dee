import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { ColorSwatch } from '../types';
import { archiveKeys } from './keys';

/** GET /get/color-swatches: the picker's swatches. The server indexes their matches, so a swatch finds designs at once. */
export function getColorSwatches(signal?: AbortSignal): Promise<ColorSwatch[]> {
  return apiGet<ColorSwatch[]>('/get/color-swatches', signal);
}

export const colorSwatchesQueryOptions = queryOptions({
  queryKey: archiveKeys.swatches,
  queryFn: ({ signal }) => getColorSwatches(signal),
  staleTime: Infinity,
});

export function useColorSwatches() {
  return useQuery(colorSwatchesQueryOptions);
}
