import Autocomplete from '@mui/material/Autocomplete';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useUserSearch, type UserOption } from '@/api/reference/find-users';
import { useDebounced } from '@/lib/use-debounced';

type Props = {
  value: UserOption | null;
  onChange: (user: UserOption | null) => void;
  /** Offer only this customer company's users. */
  customerGuid?: string;
  noOptionsText?: string;
  testId?: string;
  /** The text field's label, size and margin. */
  field: Pick<TextFieldProps, 'label' | 'size' | 'margin'>;
  sx?: TextFieldProps['sx'];
};

/** "Ayşe Yılmaz · ayse@example.com"; the name alone when the e-mail is not known (a user named by a link). */
function userLabel(user: UserOption): string {
  return user.email ? `${user.name} · ${user.email}` : user.name;
}

/** A user found by name, e-mail or company (POST /admin/users/get-all with `query`, asked once typing pauses). */
export function UserPicker({ value, onChange, customerGuid, noOptionsText, testId, field, sx }: Props) {
  const [input, setInput] = useState('');
  const users = useUserSearch({ query: useDebounced(input.trim()), customerGuid });
  return (
    <Autocomplete
      size={field.size === 'small' ? 'small' : 'medium'}
      options={users.data?.items ?? []}
      value={value}
      loading={users.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={userLabel}
      getOptionKey={(user) => user.userGuid}
      isOptionEqualToValue={(option, other) => option.userGuid === other.userGuid}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, user) => onChange(user)}
      noOptionsText={noOptionsText}
      renderInput={(params) => <TextField {...params} {...field} />}
      data-testid={testId}
      sx={sx}
    />
  );
}
