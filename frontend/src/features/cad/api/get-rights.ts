import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { cadFormatNames, type CadRights } from '../types';
import { cadKeys } from './keys';

/** GET /cad/rights: what the user may do with CAD files (the buttons shown follow it). */
export function getCadRights(signal?: AbortSignal): Promise<CadRights> {
  return apiGet<CadRights>('/cad/rights', signal);
}

/** The user's CAD rights, read once a session (they change only with the studio's settings); formats the UI does not know are left out. */
export function useCadRights() {
  return useQuery({
    queryKey: cadKeys.rights,
    queryFn: ({ signal }) => getCadRights(signal),
    staleTime: 5 * 60_000,
    select: (rights) => ({ ...rights, formats: rights.formats.filter((format) => cadFormatNames.includes(format.name)) }),
  });
}
