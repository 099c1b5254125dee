import { isApiError, type ErrorCode } from '@/api/api-error';
import { BANNER_LINK_MAX, bannerLinkKind } from '@/lib/banner-link';
import { PARAMETER_COUNT } from '@/lib/parameter-names';
import { supportedLocales } from '@/lib/locale';
import type { LocalizedText, ParameterName, StudioBanner } from '@/types/configuration';
import type { GeneralSettings } from '../types';

/** The server's limits (crates: the general settings' validation). */
export const PAGE_SIZE_MIN = 10;
export const PAGE_SIZE_MAX = 100;
export const IMAGE_BASE_MAX = 300;
export const PARAMETER_NAME_MAX = 60;
export const COMPANY_CODE_MAX = 50;
export const BANNER_COUNT_MAX = 12;
export const BANNER_TITLE_MAX = 100;

/** The settings as the form edits them: the page size as typed. */
export type GeneralDraft = Omit<GeneralSettings, 'pageSize'> & { pageSize: string };

/** The fields a refusal may name (the server's `field`), each shown on its own input. */
export const generalFields = [
  'defaultArchiveId',
  'defaultOrder',
  'pageSize',
  'contentImageBase',
  'uploadBase',
  'parameterNames',
  'studioMail',
  'cadCompanyCodes',
  'cadFormats',
  'banners',
] as const;
export type GeneralField = (typeof generalFields)[number];

/** A field's problem: the form's own message for it (settings.json general.problems), or a server code (errors.json). */
export type FieldProblem = { kind: 'field' } | { kind: 'server'; code: ErrorCode };
export type FieldProblems = Partial<Record<GeneralField, FieldProblem>>;

const emptyName = (): ParameterName => ({ tr: '', en: '', ru: '' });
const emptyText = (): LocalizedText => ({ tr: '', en: '', ru: '' });

/** A banner just uploaded: no link, no titles (appended last). */
export function newBanner(id: string): StudioBanner {
  return { id, link: '', title: emptyText() };
}

/** The form's fields for what the server holds: ten parameter names whatever it sent. */
export function draftOf(settings: GeneralSettings): GeneralDraft {
  return {
    ...settings,
    pageSize: String(settings.pageSize),
    parameterNames: Array.from({ length: PARAMETER_COUNT }, (_, index) => ({ ...emptyName(), ...settings.parameterNames?.[index] })),
    cadCompanyCodes: [...(settings.cadCompanyCodes ?? [])],
    cadFormats: [...(settings.cadFormats ?? [])],
    banners: (settings.banners ?? []).map((banner) => ({ id: banner.id, link: banner.link ?? '', title: { ...emptyText(), ...banner.title } })),
  };
}

/** The whole document to PUT (the server trims the texts and answers what it saved). */
export function documentOf(draft: GeneralDraft): GeneralSettings {
  return { ...draft, pageSize: Number(draft.pageSize.trim()), banners: draft.banners.map((banner) => ({ ...banner, link: banner.link.trim() })) };
}

/** Whether two drafts say the same (the Save button is off while nothing changed). */
export function sameDraft(a: GeneralDraft, b: GeneralDraft): boolean {
  const canonical = (draft: GeneralDraft) => JSON.stringify(generalKeys.map((key) => draft[key]));
  return canonical(a) === canonical(b);
}

/** Every key a draft holds: the switches, then the fields a refusal may name. */
const generalKeys: readonly (keyof GeneralDraft)[] = ['languageSelection', 'aiSearch', 'cadSelection', 'cadDownloadAll', 'export', ...generalFields];

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const urlPattern = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const field: FieldProblem = { kind: 'field' };

/** Whether a parameter name is filled and short enough (the form marks each one that is not). */
export function nameProblem(name: string): boolean {
  const trimmed = name.trim();
  return trimmed === '' || [...trimmed].length > PARAMETER_NAME_MAX;
}

/** Whether a banner's link is one the archive can follow (empty, an app path or an http(s) address) and short enough. */
export function bannerLinkProblem(link: string): boolean {
  const trimmed = link.trim();
  return bannerLinkKind(trimmed) === 'invalid' || [...trimmed].length > BANNER_LINK_MAX;
}

/** Whether a banner's title in one language is too long (empty is fine: no caption there). */
export function bannerTitleProblem(title: string): boolean {
  return [...title.trim()].length > BANNER_TITLE_MAX;
}

function bannerProblem(banner: StudioBanner): boolean {
  return bannerLinkProblem(banner.link) || supportedLocales.some((language) => bannerTitleProblem(banner.title[language]));
}

/** The checks made before sending, mirroring the server's; the server has the last word. */
export function checkDraft(draft: GeneralDraft): FieldProblems {
  const problems: FieldProblems = {};
  const size = draft.pageSize.trim();
  if (!/^\d+$/.test(size) || Number(size) < PAGE_SIZE_MIN || Number(size) > PAGE_SIZE_MAX) problems.pageSize = field;
  for (const name of ['contentImageBase', 'uploadBase'] as const) {
    const base = draft[name].trim();
    if (base && (!urlPattern.test(base) || base.length > IMAGE_BASE_MAX)) problems[name] = field;
  }
  if (draft.parameterNames.some((name) => supportedLocales.some((language) => nameProblem(name[language])))) problems.parameterNames = field;
  const mail = draft.studioMail.trim();
  if (mail && !emailPattern.test(mail)) problems.studioMail = field;
  if (draft.cadFormats.length === 0) problems.cadFormats = field;
  if (draft.cadCompanyCodes.some((code) => [...code.trim()].length > COMPANY_CODE_MAX)) problems.cadCompanyCodes = field;
  if (draft.banners.length > BANNER_COUNT_MAX || draft.banners.some(bannerProblem)) problems.banners = field;
  return problems;
}

/** The field a refusal names, with its problem: `invalid_form` in the field's own words, any other code as translated. */
export function serverProblems(error: unknown): FieldProblems {
  if (!isApiError(error) || !error.field) return {};
  const named = generalFields.find((candidate) => candidate === error.field);
  if (!named) return {};
  return { [named]: error.code === 'invalid_form' ? field : { kind: 'server', code: error.code } };
}

/** The offered formats with `id` switched on (appended: the default stays) or off (the next becomes the default). */
export function withFormat(formats: readonly number[], id: number, offered: boolean): number[] {
  const others = formats.filter((format) => format !== id);
  return offered ? [...others, id] : others;
}

/** The offered formats with `id` first: the default. */
export function withDefaultFormat(formats: readonly number[], id: number): number[] {
  return formats.includes(id) ? [id, ...formats.filter((format) => format !== id)] : [...formats];
}
