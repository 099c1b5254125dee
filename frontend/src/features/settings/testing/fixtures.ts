import { clientConfiguration } from '@/testing/fixtures';
import type { GeneralSettings } from '../types';

/** GET /admin/settings/general as the server holds it before any save (config/default.toml), changed by `overrides`. */
export function generalSettings(overrides: Partial<GeneralSettings> = {}): GeneralSettings {
  return { ...clientConfiguration(), studioMail: '', cadCompanyCodes: ['X-1'], cadFormats: [1, 2, 3], ...overrides };
}
