import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { errorCodes } from '@/api/api-error';
import { resources } from '@/lib/i18n';

describe('locale files', () => {
  it('have identical key sets in en, tr and ru (scripts/check-locales.mjs)', () => {
    const run = spawnSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'check-locales.mjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('translate every error code of docs/API.md plus generic', () => {
    for (const locale of ['en', 'tr', 'ru'] as const) {
      expect(Object.keys(resources[locale].errors).sort()).toEqual([...errorCodes].sort());
    }
  });
});
