import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';

/** A wear model the design page offers (POST /wear/get-models). */
export type WearModel = {
  guid: string;
  wearName: string;
  wearOrder: number;
  labelIds: number[];
  labels: { id: number; label: string }[];
  isEnabled: boolean;
  /** The garment image's real size. */
  widthCm: number;
  heightCm: number;
  thumbnail: string;
};

/** The models the viewer may dress a colorway in, in order. */
export function useWearModels(language: string) {
  return useQuery({
    queryKey: ['wear', 'models', language],
    queryFn: ({ signal }) => apiPost<WearModel[]>(`/wear/get-models?language=${language}`, undefined, signal),
    staleTime: 60_000,
  });
}
