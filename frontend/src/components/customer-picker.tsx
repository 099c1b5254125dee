import Autocomplete from '@mui/material/Autocomplete';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useCustomerOptions } from '@/api/reference/get-customer-options';
import type { CustomerOption } from '@/types/reference';

type Props = {
  /** The chosen customer's guid; empty for none. */
  value: string;
  onChange: (customerGuid: string) => void;
  /** Which customers are offered (the chosen one always is). */
  offered?: (option: CustomerOption) => boolean;
  /** The name of a chosen customer the list does not hold (yet). */
  knownName?: string;
  noOptionsText?: string;
  testId?: string;
  /** The text field's label, size, margin, error and helper text. */
  field: Pick<TextFieldProps, 'label' | 'size' | 'margin' | 'name' | 'error' | 'helperText'>;
  maxWidth?: number;
};

/** A customer picked by name from the shared customer options; it answers the customer's guid. */
export function CustomerPicker({ value, onChange, offered = () => true, knownName, noOptionsText, testId, field, maxWidth }: Props) {
  const customers = useCustomerOptions();
  const options = (customers.data ?? []).filter((option) => option.customerGuid === value || offered(option));
  const chosen: CustomerOption | null = value ? (options.find((option) => option.customerGuid === value) ?? { customerGuid: value, customerName: knownName ?? value }) : null;
  return (
    <Autocomplete
      size={field.size === 'small' ? 'small' : 'medium'}
      options={options}
      value={chosen}
      loading={customers.isPending}
      getOptionLabel={(option) => option.customerName}
      getOptionKey={(option) => option.customerGuid}
      isOptionEqualToValue={(option, other) => option.customerGuid === other.customerGuid}
      onChange={(_event, next) => onChange(next?.customerGuid ?? '')}
      noOptionsText={noOptionsText}
      renderInput={(params) => <TextField {...params} {...field} />}
      data-testid={testId}
      sx={maxWidth ? { maxWidth } : undefined}
    />
  );
}
