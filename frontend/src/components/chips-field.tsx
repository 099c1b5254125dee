import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';

type Props = {
  label: string;
  value: string[];
  /** Each typed or picked entry, normalised; `null` drops it. Entries are kept once. */
  normalise: (entry: string) => string | null;
  onChange: (value: string[]) => void;
  /** Suggestions; anything may be typed. */
  options?: readonly string[];
  getOptionLabel?: (option: string) => string;
  error?: string | null;
  helperText?: string;
  disabled?: boolean;
  maxLength?: number;
  margin?: 'dense' | 'none';
};

/** A list of short texts as chips: type and press Enter to add, Backspace or the chip's × to remove. */
export function ChipsField({ label, value, normalise, onChange, options = [], getOptionLabel, error, helperText, disabled, maxLength, margin }: Props) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={options}
      value={value}
      disabled={disabled}
      getOptionLabel={getOptionLabel}
      onChange={(_event, entries) => onChange([...new Set(entries.map(normalise).filter((entry): entry is string => Boolean(entry)))])}
      renderValue={(entries, getItemProps) =>
        entries.map((entry, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={entry} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          margin={margin}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={maxLength ? { ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength } } : params.slotProps}
        />
      )}
    />
  );
}
