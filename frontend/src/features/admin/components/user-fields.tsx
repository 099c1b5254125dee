import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '@/api/reference/get-customer-options';
import { usePools } from '@/api/reference/get-pools';
import { supportedLocales } from '@/lib/locale';

type SelectProps = Omit<TextFieldProps, 'select' | 'onChange' | 'value' | 'children'> & { value: string; onChange: (value: string) => void };

/** A native select (quick, and readable by screen readers and tests). */
function NativeSelect({ value, onChange, children, slotProps, ...props }: SelectProps & { children: React.ReactNode }) {
  return (
    <TextField
      {...props}
      select
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

/** The customer of a user: every customer (staff see them all). */
export function CustomerSelect({ emptyLabel, ...props }: SelectProps & { emptyLabel: string }) {
  const customers = useCustomerOptions();
  return (
    <NativeSelect {...props}>
      <option value="">{emptyLabel}</option>
      {customers.data?.map((customer) => (
        <option key={customer.customerGuid} value={customer.customerGuid}>
          {customer.customerName}
        </option>
      ))}
      {/* The current value stays choosable while the list loads. */}
      {props.value && !customers.data?.some((customer) => customer.customerGuid === props.value) && <option value={props.value}>{props.value}</option>}
    </NativeSelect>
  );
}

/** A pool, or none (the open archive). `extra` options go after "none" (e.g. a filter's "no pool"). */
export function PoolSelect({ emptyLabel, ...props }: SelectProps & { emptyLabel: string }) {
  const pools = usePools();
  return (
    <NativeSelect {...props}>
      <option value="">{emptyLabel}</option>
      {pools.data?.map((pool) => (
        <option key={pool.uniqueid} value={pool.uniqueid}>
          {pool.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A user's language: tr, en or ru, named in the interface language. */
export function UserLanguageSelect(props: SelectProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect {...props}>
      {supportedLocales.map((locale) => (
        <option key={locale} value={locale}>
          {t(`language.${locale}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

export { NativeSelect };
