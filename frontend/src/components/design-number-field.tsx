import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesignNumberSearch } from '@/api/reference/search-designs-by-number';
import { Thumbnail } from '@/components/thumbnail';
import { useDebounced } from '@/lib/use-debounced';
import type { DesignOption } from '@/types/reference';

type Props = {
  label: string;
  /** The designs already there: offered, but not pickable. */
  present: ReadonlySet<string>;
  onPick: (design: DesignOption) => void;
  maxWidth?: number;
  /** How many matches are offered (20 unless told). */
  pageSize?: number;
  disabled?: boolean;
  helperText?: string;
};

/** A design found by number with the admin design search (its first matches), picked to be added. */
export function DesignNumberField({ label, present, onPick, maxWidth, pageSize, disabled, helperText }: Props) {
  const { t } = useTranslation('common');
  const [input, setInput] = useState('');
  const search = useDesignNumberSearch(useDebounced(input.trim()), pageSize);
  const options = input.trim() ? (search.data?.items ?? []) : [];
  return (
    <Autocomplete<DesignOption>
      autoHighlight
      options={options}
      value={null}
      disabled={disabled}
      inputValue={input}
      loading={search.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(design) => design.designName}
      getOptionKey={(design) => design.designGuid}
      getOptionDisabled={(design) => present.has(design.designGuid)}
      isOptionEqualToValue={(option, other) => option.designGuid === other.designGuid}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      onChange={(_event, design) => {
        if (!design) return;
        onPick(design);
        setInput('');
      }}
      noOptionsText={input.trim() ? t('designNumber.noMatch') : t('designNumber.typeNumber')}
      renderOption={({ key, ...props }, design) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Thumbnail src={design.thumbnail} alt="" size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{design.designName}</Typography>
            {design.originalName && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {design.originalName}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      // Enter picks the highlighted design; it never submits a form around the field.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      renderInput={(params) => <TextField {...params} size="small" label={label} helperText={helperText} />}
      sx={maxWidth ? { maxWidth } : undefined}
    />
  );
}
