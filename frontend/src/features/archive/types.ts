export type { DesignType, ScreenStatus } from '@/types/design';

export type { ResultColorway, ResultLabel, SearchPage, SearchResult } from '@/types/search';

/** A swatch of the colour picker; `name` is a translation key under filters.color.names. */
export type ColorSwatch = { name: string; hex: string };
