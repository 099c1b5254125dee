#!/usr/bin/env node
// Every locale must have the same JSON files with the same (nested) keys as every other one.
// Run by `npm run lint`; also covered by src/locales/locales.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');

function flatten(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
}

export function localeProblems(dir = root) {
  const locales = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const problems = [];
  const files = new Set(locales.flatMap((locale) => readdirSync(join(dir, locale)).filter((f) => f.endsWith('.json'))));
  for (const file of [...files].sort()) {
    const keys = new Map();
    for (const locale of locales) {
      try {
        keys.set(locale, new Set(flatten(JSON.parse(readFileSync(join(dir, locale, file), 'utf8')))));
      } catch (error) {
        problems.push(`${locale}/${file}: ${error.code === 'ENOENT' ? 'missing' : error.message}`);
      }
    }
    const all = new Set([...keys.values()].flatMap((set) => [...set]));
    for (const [locale, set] of keys) {
      const missing = [...all].filter((key) => !set.has(key));
      if (missing.length > 0) problems.push(`${locale}/${file}: missing ${missing.join(', ')}`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = localeProblems();
  if (problems.length > 0) {
    console.error(`Locale files differ:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('locales: identical key sets');
}
