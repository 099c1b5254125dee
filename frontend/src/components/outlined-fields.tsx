import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';

type FieldProps = {
  label: string;
  size?: 'small' | 'medium';
  /** The theme's TextField default: normal. */
  margin?: 'none' | 'dense' | 'normal';
  /** The theme's TextField default: the full width. */
  fullWidth?: boolean;
  /** Attributes of the <input> or <select> itself (a test id). */
  inputAttributes?: Record<string, unknown>;
  sx?: SxProps<Theme>;
};

type TextProps = FieldProps & {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  startAdornment?: ReactNode;
};

/**
 * An outlined text field as MUI's TextField draws it (label, notch, the theme's full width and
 * margin), built from its parts: TextField brings its menu select along (Select, Menu, Popover,
 * Modal), which the fields of a first paint do not need.
 */
export function OutlinedTextField({ label, size, margin, fullWidth, inputAttributes, sx, ...input }: TextProps) {
  const id = useId();
  return (
    <OutlinedField id={id} label={label} size={size} margin={margin} fullWidth={fullWidth} sx={sx}>
      <OutlinedInput id={id} label={label} inputProps={inputAttributes} {...input} />
    </OutlinedField>
  );
}

/** The outlined frame and floating label around a field's input. */
function OutlinedField({ id, label, size, margin = 'normal', fullWidth = true, sx, children }: Omit<FieldProps, 'inputAttributes'> & { id: string; children: ReactNode }) {
  return (
    <FormControl variant="outlined" size={size} margin={margin} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      {children}
    </FormControl>
  );
}

type SelectProps = FieldProps & {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The <option>s. */
  children: ReactNode;
};

/** A native select in an outlined field, as TextField draws `select` with `native` (see OutlinedTextField). */
export function OutlinedNativeSelect({ label, size, margin, fullWidth, inputAttributes, sx, value, onChange, children }: SelectProps) {
  const id = useId();
  return (
    <OutlinedField id={id} label={label} size={size} margin={margin} fullWidth={fullWidth} sx={sx}>
      <NativeSelect value={value} onChange={onChange} input={<OutlinedInput label={label} />} inputProps={{ id, ...inputAttributes }}>
        {children}
      </NativeSelect>
    </OutlinedField>
  );
}
