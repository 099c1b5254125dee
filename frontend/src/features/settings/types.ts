import type { ClientConfiguration } from '@/types/configuration';

/** The CAD formats the studio may offer (GET /cad/rights names them): 1 production, 2 separations, 3 original. */
export const cadFormatIds = [1, 2, 3] as const;
export type CadFormatId = (typeof cadFormatIds)[number];

/**
 * GET/PUT /admin/settings/general: every field of the client configuration, and what only the
 * server reads: where lists shared with the studio are mailed, the customer codes whose users may
 * download CAD files, and the CAD formats offered in order (the first the default).
 */
export type GeneralSettings = ClientConfiguration & {
  studioMail: string;
  cadCompanyCodes: string[];
  cadFormats: number[];
};

/** POST /admin/settings/banners: the uploaded image, to name in `banners[].id`. */
export type UploadedBanner = { id: string; width: number; height: number };
