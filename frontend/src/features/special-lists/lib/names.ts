import { listLanguages, type ListLanguage, type ListNames, type SpecialList } from '../types';

export const NAME_MAX = 100;

export const emptyNames: ListNames = { tr: '', en: '', ru: '' };

export function trimNames(names: ListNames): ListNames {
  return { tr: names.tr.trim(), en: names.en.trim(), ru: names.ru.trim() };
}

/** The languages whose name is missing (each name is 1–100 characters). */
export function missingNames(names: ListNames): ListLanguage[] {
  return listLanguages.filter((language) => !names[language].trim());
}

/** The list's name in the interface language, else the first one it has. */
export function nameIn(list: SpecialList, language: string | undefined): string {
  const own = listLanguages.find((candidate) => candidate === language);
  return (own && list.names[own]) || list.names.en || list.names.tr || list.names.ru;
}
