import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FactList, type Fact } from '@/components/fact-list';
import { countryName } from '@/lib/countries';
import { formatDateTime, formatDecimal } from '@/lib/format';
import { useParameterName } from '@/lib/parameter-names';
import { dynamicParameterKeys, type DesignHeader, type RepeatAnswer } from '@/types/design';

const screenStatuses = ['engraved', 'not_engraved', 'faded', 'none'] as const;
const designTypes = ['rotary', 'digital'] as const;

/** Whether a free text is set (the server sends empty strings for unset ones). */
function present(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** "Offset 1/2, vertical", "Offset custom 12.5, horizontal", or "Straight (no offset)". */
function repeatText(repeat: RepeatAnswer, t: TFunction<'design'>, locale: string | undefined): string {
  if (!repeat.offset || repeat.offset === 'none') return t('repeat.straight');
  const offset = repeat.offset === 'custom' ? t('repeat.custom', { value: formatDecimal(repeat.customValue, locale) }) : repeat.offset;
  return repeat.direction === 'horizontal' || repeat.direction === 'vertical'
    ? t('repeat.offsetAlong', { offset, direction: t(`repeat.directions.${repeat.direction}`) })
    : t('repeat.offset', { offset });
}

/**
 * The design information panel: every attribute of the spec's "design attributes shown", then
 * what else is known (archive, studio, original name, notes, customer, closed countries, owned
 * extra, dynamic parameters, by the names the studio gave them) when it is set. Fields hidden from
 * the viewer are absent from the header and so get no row. Dimensions are rounded to 2 decimals.
 */
export function DesignInfo({ header }: { header: DesignHeader }) {
  const { t, i18n } = useTranslation('design');
  const locale = i18n.resolvedLanguage;
  const parameterName = useParameterName();

  const facts: Fact[] = [
    { key: 'designNumber', label: t('info.designNumber'), value: header.designName },
    { key: 'screenStatus', label: t('info.screenStatus'), value: isOneOf(screenStatuses, header.moldState) ? t(`screenStatuses.${header.moldState}`) : header.moldState || '—' },
    { key: 'screenCount', label: t('info.screenCount'), value: formatDecimal(header.channelCount, locale) },
    { key: 'designType', label: t('info.designType'), value: isOneOf(designTypes, header.designType) ? t(`designTypes.${header.designType}`) : header.designType || '—' },
    { key: 'confined', label: t('info.confined'), value: header.isConfined ? t('confinement.closed') : t('confinement.open') },
    { key: 'colorwayCount', label: t('info.colorwayCount'), value: formatDecimal(header.colorwayCount ?? header.colorways.length, locale) },
    {
      key: 'sizeCm',
      label: t('info.sizeCm'),
      value: t('info.cm', { width: formatDecimal(header.designSizeCm?.width, locale, 2), height: formatDecimal(header.designSizeCm?.height, locale, 2) }),
    },
    {
      key: 'sizePx',
      label: t('info.sizePx'),
      value: t('info.px', { width: formatDecimal(header.designSize?.width, locale), height: formatDecimal(header.designSize?.height, locale) }),
    },
    { key: 'repeat', label: t('info.repeat'), value: repeatText(header.repeatOffset, t, locale) },
    { key: 'resolution', label: t('info.resolution'), value: t('info.dpi', { dpi: formatDecimal(header.designDpi, locale) }) },
    { key: 'uploaded', label: t('info.uploaded'), value: formatDateTime(header.uploadDate, locale) },
    { key: 'edited', label: t('info.edited'), value: formatDateTime(header.lastEditDate, locale) },
  ];

  const optional: Fact[] = [];
  const addWhen = (shown: boolean, fact: Fact) => {
    if (shown) optional.push(fact);
  };
  addWhen(present(header.archive), { key: 'archive', label: t('info.archive'), value: header.archive });
  addWhen(present(header.designStudio), { key: 'studio', label: t('info.studio'), value: header.designStudio });
  addWhen(present(header.originalName), { key: 'originalName', label: t('info.originalName'), value: header.originalName });
  addWhen(present(header.notes), {
    key: 'notes',
    label: t('info.notes'),
    value: (
      <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
        {header.notes}
      </Box>
    ),
  });
  addWhen(header.customer !== null, { key: 'customer', label: t('info.customer'), value: header.customer?.customerName });
  const closedCountries = header.closedCountries ?? [];
  addWhen(closedCountries.length > 0, {
    key: 'closedCountries',
    label: t('info.closedCountries'),
    value: closedCountries.map((code) => countryName(code, locale)).join(', '),
  });
  addWhen(header.ownedExtra, { key: 'ownedExtra', label: t('info.ownedExtra'), value: t('info.yes') });
  dynamicParameterKeys.forEach((key, index) => {
    const value = header.dynamicParameters?.[key];
    addWhen(present(value), { key, label: parameterName(index), value });
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="design-info-title" data-testid="design-info" sx={{ p: 2 }}>
      <Typography id="design-info-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('info.title')}
      </Typography>
      <FactList facts={[...facts, ...optional]} />
    </Paper>
  );
}
