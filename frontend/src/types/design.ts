/**
 * The design header as POST /design/header and POST /admin/design/header/{id} answer it
 * (crates/catalog/src/dto.rs): shared by the customer design page and the admin design screen.
 * Dates are RFC 3339 in UTC ("2025-01-02T10:00:00Z"); `serverDate` reads them.
 */

export type DesignType = 'rotary' | 'digital';

/** A label in the language the header was asked in. */
export type Label = { id: number; label: string; labelSef: string; groupId: number | null; isGroupHeader: boolean };

export type ScreenStatus = 'engraved' | 'not_engraved' | 'faded' | 'none';
export type RepeatOffset = 'none' | '1/2' | '1/3' | '1/4' | 'custom';
export type RepeatDirection = 'horizontal' | 'vertical' | 'none';

export type Size = { width: number; height: number };

/** A screen of a rotary colorway ("colorizable"): the channel and the ink it prints in (`#rrggbb`). */
export type Colorizable = { channel: number; name: string; color: string };

/** A main colour of a colorway: `#rrggbb`, CIELAB, and its share of the image (0 to 1). */
export type PaletteColor = { rgb: string; l: number; a: number; b: number; share: number };

export type ThumbnailVariant = 'd/v' | 'd/h' | 'm/h' | 'c/d/h' | 'c/d/v';

/**
 * Where a colorway's images are. The browser reads them with the session cookie: a plain
 * <img src> works. `tiles` is a deep-zoom (DZI) descriptor; its tiles are in `<name>_files/`.
 */
export type ColorwayImages = {
  thumbnails: Partial<Record<ThumbnailVariant, string>>;
  preview: string;
  previewWidth: number;
  previewHeight: number;
  tiles: string;
};

export type ColorwayHeader = {
  colorwayGuid: string;
  designGuid: string;
  colorwayName: string;
  colorizables: Colorizable[];
  sourceName: string;
  palette: PaletteColor[];
  images: ColorwayImages;
};

export const orderTypes = ['sample', 'production', 'reorder'] as const;
export type OrderType = (typeof orderTypes)[number];

/** An order of the design (order history); `amount` is in `unit` (metres: "m"). */
export type DesignOrder = { customer: string | null; amount: number; unit: string; orderType: OrderType | string; orderedAt: string };

/** Whose orders `orders` holds: every customer's (staff) or only the viewer's own company's (customers). */
export type OrdersScope = 'all' | 'own';

/** The keys of the ten dynamic parameters, in order; the screens name them "Parameter 1" to "Parameter 10". */
export const dynamicParameterKeys = ['dp0', 'dp1', 'dp2', 'dp3', 'dp4', 'dp5', 'dp6', 'dp7', 'dp8', 'dp9'] as const;
export type DynamicParameterKey = (typeof dynamicParameterKeys)[number];

export type RepeatAnswer = {
  direction: RepeatDirection | string;
  offset: RepeatOffset | string;
  customValue: number | null;
  /** The shift as text along the horizontal or the vertical (null along the other, or without offset). */
  horizontal: string | null;
  vertical: string | null;
};

export type DesignHeader = {
  guid: string;
  designName: string;
  archiveId: number;
  archive: string;
  designType: DesignType | string;
  colorways: ColorwayHeader[];
  activeColorwayGuid: string | null;
  labels: Label[];
  /** Centimetres, 2 decimals. */
  designSizeCm: Size;
  /** Pixels. */
  designSize: Size;
  /** The screen status. */
  moldState: ScreenStatus | string;
  isConfined: boolean;
  repeatOffset: RepeatAnswer;
  channelCount: number;
  layerCount: number;
  colorwayCount: number;
  lastEditDate: string;
  uploadDate: string;
  designDpi: number;
  colorMode: string;
  bitDepth: number;
  /*
   * The fields the studio may hide from customers (GET /get/design-fields) are absent, not blank,
   * when hidden from the viewer: a screen shows what is there and never guesses.
   */
  closedCountries?: string[];
  originalName?: string;
  notes?: string;
  designStudio?: string;
  customer: { customerGuid: string; customerName: string } | null;
  ownedExtra: boolean;
  /** The parameters the viewer may see, by key (staff get all ten; empty where unset). */
  dynamicParameters: Partial<Record<DynamicParameterKey, string>>;
  orders: DesignOrder[];
  ordersScope: OrdersScope;
};
