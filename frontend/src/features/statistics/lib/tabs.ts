import type { ChartKind, EntryTab } from '../types';

/** Each tab's entries route (POST /admin/statistics/{route}) and its chart `kind`. */
export const tabSources: Record<EntryTab, { route: string; chart: ChartKind }> = {
  labels: { route: 'label-entries', chart: 'label' },
  cad: { route: 'cad-entries', chart: 'cad' },
  logins: { route: 'login-entries', chart: 'login' },
  colorways: { route: 'colorway-entries', chart: 'colorway' },
};

export function entriesPath(tab: EntryTab): string {
  return `/admin/statistics/${tabSources[tab].route}`;
}
