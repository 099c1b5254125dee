import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frontendDir } from './env';

export const languages = ['en', 'tr', 'ru'] as const;
export type Language = (typeof languages)[number];

/**
 * A text of the app's translations (`src/locales/<language>/<file>.json`, key `a.b.c`), with its
 * `{{name}}` placeholders filled: journeys that run in every language find buttons by what the
 * user reads.
 */
export function text(language: Language, file: string, key: string, values: Record<string, string> = {}): string {
  const bundle: unknown = JSON.parse(readFileSync(path.join(frontendDir, 'src', 'locales', language, `${file}.json`), 'utf8'));
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  if (typeof found !== 'string') throw new Error(`no text ${language}/${file}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
