import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoolSearchCount } from '@/api/reference/count-pool-search';
import { CriteriaEditor } from '@/components/criteria-editor';
import { ErrorAlert } from '@/components/error-alert';
import { emptyCriteria } from '@/lib/pool-criteria';
import { useDebounced } from '@/lib/use-debounced';
import { isSmartGroupSize, searchOf, SMART_GROUP_MAX, smartGroupSize } from '../lib/groups';
import type { SmartCriteria } from '../types';

type Props = { groupName: string; criteria: SmartCriteria; onChange: (criteria: SmartCriteria) => void };

/** How many of the search's designs the group shows, typed as a whole number from 1 to 1,000. */
function SizeField({ criteria, onChange }: Omit<Props, 'groupName'>) {
  const { t, i18n } = useTranslation('collectionsAdmin');
  const [text, setText] = useState(String(smartGroupSize(criteria)));
  const bad = !isSmartGroupSize(smartGroupSize(criteria));
  return (
    <TextField
      size="small"
      type="number"
      label={t('smart.size')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.value.trim();
        onChange({ ...criteria, resultsPerPage: typed === '' ? Number.NaN : Number(typed) });
      }}
      error={bad}
      helperText={t(bad ? 'smart.sizeInvalid' : 'smart.sizeHelp', { max: SMART_GROUP_MAX.toLocaleString(i18n.resolvedLanguage) })}
      slotProps={{ htmlInput: { min: 1, max: SMART_GROUP_MAX, step: 1, 'data-testid': 'smart-group-size' } }}
      sx={{ maxWidth: 280 }}
    />
  );
}

/** What the search finds now (debounced while it is edited) and how many of those the group shows. */
function SmartGroupCount({ criteria }: { criteria: SmartCriteria }) {
  const { t, i18n } = useTranslation('collectionsAdmin');
  // One object per edit, not per render: the debounce settles, and the count is asked once per pause.
  const search = useMemo(() => searchOf(criteria), [criteria]);
  const settled = useDebounced(search);
  const count = usePoolSearchCount(settled);
  const size = smartGroupSize(criteria);
  const found = count.data?.count;
  const format = (value: number) => value.toLocaleString(i18n.resolvedLanguage);
  let text = t('smart.counting');
  if (found === 0) text = t('smart.countNone');
  else if (found !== undefined && isSmartGroupSize(size) && found > size) text = t('smart.countNewest', { count: found, formatted: format(found), shown: format(size) });
  else if (found !== undefined) text = t('smart.countAll', { count: found, formatted: format(found) });
  return (
    <Box>
      <Typography variant="subtitle2" data-testid="smart-group-count" data-count={found ?? ''} aria-live="polite">
        {text}
      </Typography>
      <ErrorAlert error={count.error} />
    </Box>
  );
}

/**
 * A smart group's saved search: the pools' criteria form (shared with the pools screen), how many
 * designs the group shows, and a live count of what the search finds.
 */
export function SmartGroupSearch({ groupName, criteria, onChange }: Props) {
  const { t } = useTranslation('collectionsAdmin');
  // A stored search may lack fields added since: the form shows them at their defaults.
  const shown = useMemo(() => ({ ...emptyCriteria, ...criteria }), [criteria]);
  // A labelled group inside the group's own region (one region per design group).
  return (
    <Stack spacing={2} role="group" aria-label={t('smart.searchOf', { name: groupName })} data-testid="smart-group-search" sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('smart.searchHint')}
      </Typography>
      <CriteriaEditor criteria={shown} onChange={onChange} />
      <SizeField criteria={criteria} onChange={onChange} />
      <SmartGroupCount criteria={shown} />
    </Stack>
  );
}
