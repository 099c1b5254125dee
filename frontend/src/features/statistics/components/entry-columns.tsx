import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownCode } from '@/api/api-error';
import { formatBytes, formatDateTime, formatDateTimeShort } from '@/lib/format';
import type { CadEntry, ColorwayEntry, EntryBase, EntryTab, LabelEntry, LoginEntry } from '../types';
import { DesignLink } from './design-link';

/** A grid row: an entry of any tab (each tab's columns read its own fields) with a row id. */
export type EntryRow = EntryBase & Partial<Omit<LabelEntry & CadEntry & LoginEntry & ColorwayEntry, keyof EntryBase>> & { id: string };
type Column = GridColDef<EntryRow>;

const dash = '—';

/** The user: name over e-mail (either may be missing: a deleted user, an unknown e-mail on a failed sign-in). */
function UserCell({ row, unknown }: { row: EntryRow; unknown: string }) {
  return (
    <div style={{ minWidth: 0, lineHeight: 1.3 }}>
      <Typography variant="body2" noWrap>
        {row.userName ?? unknown}
      </Typography>
      {row.userEmail && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {row.userEmail}
        </Typography>
      )}
    </div>
  );
}

function OutcomeCell({ outcome, t }: { outcome: string | undefined; t: TFunction<['statistics', 'errors']> }) {
  if (!outcome) return dash;
  const success = outcome === 'success';
  // A refusal is a server error code: errors.json names it (an unknown code shows as it came).
  const label = success ? t('statistics:outcome.success') : isKnownCode(outcome) ? t(`errors:${outcome}`) : outcome;
  return <Chip size="small" color={success ? 'success' : 'warning'} label={label} title={label} sx={{ maxWidth: '100%' }} />;
}

function columnsFor(tab: EntryTab, t: TFunction<['statistics', 'errors']>, locale: string): Column[] {
  const header = (key: string) => t(`statistics:columns.${key}` as 'statistics:columns.at');
  const text = (field: keyof EntryRow, key: string, width = 140): Column => ({
    field,
    headerName: header(key),
    minWidth: width,
    flex: 1,
    sortable: false,
    valueFormatter: (value: unknown) => (value === null || value === undefined || value === '' ? dash : String(value)),
  });
  // Only time, user and company are sortable (the server's `sort`); their first click orders newest or A→Z first.
  const common: Column[] = [
    {
      field: 'at',
      headerName: header('at'),
      width: 160,
      sortingOrder: ['desc', 'asc'],
      renderCell: ({ row }) => <span title={formatDateTime(row.at, locale)}>{formatDateTimeShort(row.at, locale)}</span>,
    },
    {
      field: 'user',
      headerName: header('user'),
      minWidth: 220,
      flex: 1.5,
      sortingOrder: ['asc', 'desc'],
      display: 'flex',
      valueGetter: (_value, row) => row.userName ?? row.userEmail ?? '',
      renderCell: ({ row }) => <UserCell row={row} unknown={t('statistics:unknownUser')} />,
    },
    {
      field: 'company',
      headerName: header('company'),
      minWidth: 160,
      flex: 1,
      sortingOrder: ['asc', 'desc'],
      valueGetter: (_value, row) => row.companyName ?? '',
      valueFormatter: (value: string) => value || dash,
    },
  ];
  const design: Column = { field: 'designNumber', headerName: header('design'), minWidth: 120, flex: 0.8, sortable: false, renderCell: ({ row }) => <DesignLink designGuid={row.designGuid} number={row.designNumber} colorwayGuid={row.colorwayGuid} /> };
  const colorway = text('colorwayName', 'colorway');
  switch (tab) {
    case 'labels':
      return [...common, text('label', 'label'), design, colorway];
    case 'cad':
      return [
        ...common,
        design,
        colorway,
        text('format', 'format', 100),
        text('kind', 'kind', 100),
        {
          field: 'bytes',
          headerName: header('bytes'),
          type: 'number',
          minWidth: 100,
          sortable: false,
          valueFormatter: (value: number | null | undefined) => (typeof value === 'number' ? formatBytes(value, locale) : dash),
        },
      ];
    case 'logins':
      return [
        ...common,
        text('email', 'email', 200),
        text('ip', 'ip', 130),
        { field: 'outcome', headerName: header('outcome'), minWidth: 240, flex: 1.5, sortable: false, renderCell: ({ row }) => <OutcomeCell outcome={row.outcome} t={t} /> },
      ];
    case 'colorways':
      return [...common, design, colorway];
  }
}

/** The tab's columns: user, company and time first, then the statistic's own; times, sizes and numbers in the user's locale. */
export function useEntryColumns(tab: EntryTab): Column[] {
  const { t, i18n } = useTranslation(['statistics', 'errors']);
  const locale = i18n.language;
  return useMemo(() => columnsFor(tab, t, locale), [tab, t, locale]);
}
