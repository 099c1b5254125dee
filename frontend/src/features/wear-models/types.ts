/** The three languages a wear model is named in. */
export const wearLanguages = ['tr', 'en', 'ru'] as const;
export type WearLanguage = (typeof wearLanguages)[number];
export type WearNames = Record<WearLanguage, string>;

export type WearLabel = { id: number; label: string };

/** A model of POST /admin/wears/get-all (crates/wear/src/dto.rs WearModelAnswer, as admins get it). */
export type WearModel = {
  guid: string;
  /** The name in the asked language. */
  wearName: string;
  wearOrder: number;
  labelIds: number[];
  /** The labels in the asked language. */
  labels: WearLabel[];
  /** Shown in the online archive (the design page's wear models). */
  isEnabled: boolean;
  /** The garment image's real size; the height follows the image's proportions. */
  widthCm: number;
  heightCm: number;
  /** A URL for <img src>. */
  thumbnail: string;
  names: WearNames;
  widthPx?: number;
  heightPx?: number;
  hasDisplacement?: boolean;
};

/** The four images of a model, in the order they are sent. */
export const wearImages = ['garment', 'mask', 'shading', 'displacement'] as const;
export type WearImage = (typeof wearImages)[number];
export type WearFiles = Record<WearImage, File | null>;

/** The create / edit dialog's fields, as typed. */
export type WearDraft = {
  names: WearNames;
  /** The real width in cm, as typed ("120", "120,5"). */
  widthCm: string;
  /** A whole number, as typed; blank puts a new model last and leaves an edited one where it is. */
  wearOrder: string;
  labelIds: number[];
  isEnabled: boolean;
  files: WearFiles;
};
