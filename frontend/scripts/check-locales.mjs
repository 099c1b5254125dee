#!/usr/bin/env node
// Every locale must have the same JSON files with the same (nested) keys as every other one, with
// one exception: a plural key (`name_one`, `name_few`, …) has, in each locale, exactly the plural
// forms of that language (Intl.PluralRules, as i18next uses them): `_one`/`_other` in English and
// Turkish, `_one`/`_few`/`_many`/`_other` in Russian.
// Run by `npm run lint`; also covered by src/locales/locales.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function flatten(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
}

/** The keys of a file with each plural group as its base key, and the forms each group has. */
function shape(keys) {
  const plain = new Set();
  const plurals = new Map();
  for (const key of keys) {
    const match = pluralSuffix.exec(key);
    if (!match) {
      plain.add(key);
      continue;
    }
    const base = key.slice(0, match.index);
    plurals.set(base, [...(plurals.get(base) ?? []), match[1]]);
  }
  return { keys: new Set([...plain, ...plurals.keys()]), plurals };
}

export function localeProblems(dir = root) {
  const locales = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const problems = [];
  const files = new Set(locales.flatMap((locale) => readdirSync(join(dir, locale)).filter((f) => f.endsWith('.json'))));
  for (const file of [...files].sort()) {
    const shapes = new Map();
    for (const locale of locales) {
      try {
        shapes.set(locale, shape(flatten(JSON.parse(readFileSync(join(dir, locale, file), 'utf8')))));
      } catch (error) {
        problems.push(`${locale}/${file}: ${error.code === 'ENOENT' ? 'missing' : error.message}`);
      }
    }
    const all = new Set([...shapes.values()].flatMap(({ keys }) => [...keys]));
    for (const [locale, { keys, plurals }] of shapes) {
      const missing = [...all].filter((key) => !keys.has(key));
      if (missing.length > 0) problems.push(`${locale}/${file}: missing ${missing.join(', ')}`);
      const forms = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
      for (const [base, found] of plurals) {
        const have = [...found].sort();
        if (have.join() !== forms.join()) {
          problems.push(`${locale}/${file}: ${base} has the plural forms ${have.join(', ')}; ${locale} needs ${forms.join(', ')}`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // An argument names another locales folder (the test checks the rule on made-up files).
  const problems = localeProblems(process.argv[2] ?? root);
  if (problems.length > 0) {
    console.error(`Locale files differ:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('locales: identical key sets (plural forms per language)');
}
