import { labelLanguages, type AdminLabel } from '../types';

/** The label's name in the interface language, else the name the server gave in the admin's language. */
export function nameIn(label: AdminLabel, language: string | undefined): string {
  const own = labelLanguages.find((candidate) => candidate === language);
  return (own && label.names[own]?.trim()) || label.label || label.names.en || label.names.tr || label.names.ru;
}
