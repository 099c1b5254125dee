import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useLabels } from '@/api/reference/get-labels';
import type { LabelOption } from '@/types/reference';

type Props = {
  value: number[];
  onChange: (labels: number[]) => void;
  /** Focused as it appears (the user had reached for the field before it was there). */
  autoFocus?: boolean;
};

/** Label options grouped under their group header, groups and labels in alphabetical order. */
export function labelChoices(labels: LabelOption[], locale?: string) {
  const groupNames = new Map(labels.filter((label) => label.isGroupHeader).map((label) => [label.groupId ?? label.id, label.label]));
  const groupOf = (label: LabelOption) => (label.groupId !== null && label.groupId !== undefined ? (groupNames.get(label.groupId) ?? '') : '');
  const options = labels
    .filter((label) => !label.isGroupHeader)
    .sort((a, b) => groupOf(a).localeCompare(groupOf(b), locale) || a.label.localeCompare(b.label, locale));
  return { options, groupOf, grouped: groupNames.size > 0 };
}

/** The labels' autocomplete of chips, grouped by header (a chunk of its own, see parts.ts). */
export function LabelAutocomplete({ value, onChange, autoFocus }: Props) {
  const { t, i18n } = useTranslation(['search', 'archive']);
  const labels = useLabels();
  const { options, groupOf, grouped } = labelChoices(labels.data ?? [], i18n.resolvedLanguage);
  const known = new Map(options.map((label) => [label.id, label]));
  // Ids of a shared link the list does not (yet) hold stay visible and removable.
  const selected: LabelOption[] = value.map(
    (id) => known.get(id) ?? { id, label: `#${id}`, labelSef: '', groupId: null, isGroupHeader: false, labelCount: 0 },
  );

  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={2}
      options={options}
      value={selected}
      loading={labels.isPending}
      groupBy={grouped ? groupOf : undefined}
      getOptionLabel={(label) => label.label}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      filterSelectedOptions
      onChange={(_event, next) => onChange(next.map((label) => label.id))}
      renderOption={(props, label) => {
        const { key, ...optionProps } = props;
        return (
          <Box component="li" key={key} {...optionProps} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{label.label}</span>
            {label.labelCount > 0 && (
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {label.labelCount.toLocaleString(i18n.resolvedLanguage)}
              </Box>
            )}
          </Box>
        );
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((label, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={label.label} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={t('filters.labels')}
          placeholder={value.length === 0 ? t('filters.labelsPlaceholder') : undefined}
          autoFocus={autoFocus}
        />
      )}
      data-testid="filter-labels"
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}
