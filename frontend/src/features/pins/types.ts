/** A pinned design of GET /admin/pins and PUT /admin/pins; `position` 0 leads. */
export type Pin = {
  designGuid: string;
  designName: string;
  originalName: string | null;
  colorwayGuid: string | null;
  thumbnail: string | null;
  position: number;
};

/** The server's limit (PUT /admin/pins answers `too_many_pins` past it). */
export const MAX_PINS = 100;
