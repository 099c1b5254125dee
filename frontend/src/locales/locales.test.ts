import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCodes } from '@/api/api-error';
import { allResources } from '@/locales/all';

describe('locale files', () => {
  it('have identical key sets in en, tr and ru (scripts/check-locales.mjs)', () => {
    const run = spawnSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'check-locales.mjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('need each language’s own plural forms, no more and no fewer', () => {
    const check = (files: Record<string, unknown>) => {
      const dir = mkdtempSync(join(tmpdir(), 'locales-'));
      for (const [locale, content] of Object.entries(files)) {
        mkdirSync(join(dir, locale));
        writeFileSync(join(dir, locale, 'x.json'), JSON.stringify(content));
      }
      return spawnSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'check-locales.mjs'), dir], { encoding: 'utf8' });
    };
    const en = { n_one: 'a', n_other: 'b' };
    const ru = { n_one: 'a', n_few: 'b', n_many: 'c', n_other: 'd' };
    expect(check({ en, tr: en, ru }).status).toBe(0);
    const missing = check({ en, tr: en, ru: { n_one: 'a', n_other: 'd' } });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('ru/x.json: n has the plural forms one, other; ru needs few, many, one, other');
    expect(check({ en: { ...en, n_many: 'c' }, tr: en, ru }).stderr).toContain('en/x.json: n has the plural forms many, one, other; en needs one, other');
    expect(check({ en: { ...en, plain: 'x' }, tr: en, ru }).stderr).toContain('tr/x.json: missing plain');
  });

  it('translate every error code of docs/API.md plus generic', () => {
    for (const locale of ['en', 'tr', 'ru'] as const) {
      expect(Object.keys(allResources[locale].errors).sort()).toEqual([...errorCodes].sort());
    }
  });
});
