import type { ColorwayHeader, DesignHeader } from '@/types/design';

/**
 * The colorway the page shows: the one the address names when the design has it, else the one the
 * server marks active, else the first.
 */
export function activeColorwayOf(header: DesignHeader, requested: string | undefined): ColorwayHeader | null {
  const byGuid = (guid: string | null | undefined) => (guid ? header.colorways.find((colorway) => colorway.colorwayGuid === guid) : undefined);
  return byGuid(requested) ?? byGuid(header.activeColorwayGuid) ?? header.colorways[0] ?? null;
}

/** The address of a design page showing one colorway: /design/{id}/{colorwayGuid}. */
export function colorwayPath(designId: string, colorwayGuid: string): string {
  return `/design/${encodeURIComponent(designId)}/${encodeURIComponent(colorwayGuid)}`;
}

/** Whether a path is the archive search (spec section 2: / and /archive). */
export function isArchivePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/archive' || pathname === '/archive/';
}
