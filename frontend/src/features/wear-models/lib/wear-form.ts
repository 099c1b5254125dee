import { isApiError, type ErrorCode } from '@/api/api-error';
import { wearImages, wearLanguages, type WearDraft, type WearFiles, type WearImage, type WearLanguage, type WearModel, type WearNames } from '../types';

/** The server's limits (crates/wear: service.rs, files.rs). */
export const NAME_MAX = 80;
export const WIDTH_MIN_CM = 5;
export const WIDTH_MAX_CM = 500;
export const ORDER_MAX = 100_000;
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/** For the file pickers' `accept`. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((extension) => `.${extension}`)].join(',');

/** The form fields as the server names them (its `field` of a refusal). */
export const nameFields = { tr: 'nameTr', en: 'nameEn', ru: 'nameRu' } as const satisfies Record<WearLanguage, string>;
export type WearField = (typeof nameFields)[WearLanguage] | 'widthCm' | 'wearOrder' | 'labelIds' | WearImage;
const wearFields: readonly string[] = [...Object.values(nameFields), 'widthCm', 'wearOrder', 'labelIds', ...wearImages];

/** A field's problem: one of the dialog's own messages (admin.json wearModels.problems), or a server code (errors.json). */
export const localProblems = ['required', 'nameInvalid', 'widthRange', 'orderInvalid', 'labelsInvalid', 'imageRequired', 'imagesTogether'] as const;
export type LocalProblem = (typeof localProblems)[number];
export type FieldProblem = { kind: 'local'; key: LocalProblem } | { kind: 'server'; code: ErrorCode };
export type FieldProblems = Partial<Record<WearField, FieldProblem>>;

const local = (key: LocalProblem): FieldProblem => ({ kind: 'local', key });

export const noFiles: WearFiles = { garment: null, mask: null, shading: null, displacement: null };

export function emptyDraft(): WearDraft {
  return { names: { tr: '', en: '', ru: '' }, widthCm: '', wearOrder: '', labelIds: [], isEnabled: true, files: noFiles };
}

/** The dialog's fields for an existing model (no files: its images stay unless new ones are chosen). */
export function draftOf(model: WearModel): WearDraft {
  return {
    names: { ...model.names },
    widthCm: String(model.widthCm),
    wearOrder: String(model.wearOrder),
    labelIds: [...model.labelIds],
    isEnabled: model.isEnabled,
    files: noFiles,
  };
}

/** A width as typed ("120", "120,5", "120.5"), or null when it is not a number. */
export function parseWidth(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** An order as typed: a whole number, null when blank, NaN when not a whole number. */
export function parseOrder(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the server would refuse without reading an image: another type, or over 25 MB. */
export function checkImage(file: File): ErrorCode | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  const typed = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typed) return 'wear_image_unusable';
  if (file.size > MAX_IMAGE_BYTES) return 'wear_image_too_large';
  return null;
}

/**
 * The dialog's checks before sending: the three names, a width of 5 to 500 cm, a whole order,
 * the images' type and size; a new model needs its garment photo and mask, and an edit replaces
 * the images only with both of them.
 */
export function checkDraft(draft: WearDraft, mode: 'create' | 'edit'): FieldProblems {
  const problems: FieldProblems = {};
  for (const language of wearLanguages) {
    const name = draft.names[language].trim();
    if (!name) problems[nameFields[language]] = local('required');
    else if ([...name].length > NAME_MAX) problems[nameFields[language]] = local('nameInvalid');
  }
  if (!draft.widthCm.trim()) problems.widthCm = local('required');
  else {
    const width = parseWidth(draft.widthCm);
    if (width === null || width < WIDTH_MIN_CM || width > WIDTH_MAX_CM) problems.widthCm = local('widthRange');
  }
  const order = parseOrder(draft.wearOrder);
  if (order !== null && (Number.isNaN(order) || order > ORDER_MAX)) problems.wearOrder = local('orderInvalid');
  for (const image of wearImages) {
    const file = draft.files[image];
    const refusal = file ? checkImage(file) : null;
    if (refusal) problems[image] = { kind: 'server', code: refusal };
  }
  const anyImage = wearImages.some((image) => draft.files[image] !== null);
  if (mode === 'create' || anyImage) {
    for (const image of ['garment', 'mask'] as const) {
      if (!draft.files[image] && !problems[image]) problems[image] = local(mode === 'create' ? 'imageRequired' : 'imagesTogether');
    }
  }
  return problems;
}

/** The field a server refusal names, with its problem (`invalid_form` said the field's own way). */
export function serverProblems(error: unknown): FieldProblems {
  if (!isApiError(error) || !error.field || !wearFields.includes(error.field)) return {};
  const field = error.field as WearField;
  if (error.code !== 'invalid_form') return { [field]: { kind: 'server', code: error.code } };
  const key: LocalProblem =
    field === 'widthCm'
      ? 'widthRange'
      : field === 'wearOrder'
        ? 'orderInvalid'
        : field === 'labelIds'
          ? 'labelsInvalid'
          : field === 'garment' || field === 'mask'
            ? 'imageRequired'
            : 'nameInvalid';
  return { [field]: local(key) };
}

/**
 * The multipart body of a create or an edit: the names, width, order (when given), labels and
 * state, then the images, sent only when the garment photo and its mask are both chosen (the
 * server reads the plain fields before the files).
 */
export function wearFormData(draft: WearDraft): FormData {
  const form = new FormData();
  for (const language of wearLanguages) form.append(nameFields[language], draft.names[language].trim());
  const width = parseWidth(draft.widthCm);
  if (width !== null) form.append('widthCm', String(width));
  const order = parseOrder(draft.wearOrder);
  if (order !== null && !Number.isNaN(order)) form.append('wearOrder', String(order));
  form.append('labelIds', draft.labelIds.join(','));
  form.append('isEnabled', String(draft.isEnabled));
  if (draft.files.garment && draft.files.mask) {
    for (const image of wearImages) {
      const file = draft.files[image];
      if (file) form.append(image, file, file.name);
    }
  }
  return form;
}

/** The model's name in `language` (the dialog's title, the toasts). */
export function nameIn(names: WearNames, language: string | undefined, fallback: string): string {
  const own = wearLanguages.find((candidate) => candidate === language);
  return (own && names[own].trim()) || fallback;
}
