import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/lib/use-debounced';
import { useUserSearch } from '../api/find-users';
import { POOLS_DEBOUNCE_MS } from '../lib/pool-form';
import type { UserOption } from '../types';

/** A user found by name, e-mail or company (POST /admin/users/get-all with `query`). */
export function UserPicker({ value, onChange }: { value: UserOption | null; onChange: (user: UserOption | null) => void }) {
  const { t } = useTranslation('pools');
  const [input, setInput] = useState('');
  const users = useUserSearch(useDebounced(input.trim(), POOLS_DEBOUNCE_MS));
  return (
    <Autocomplete
      options={users.data?.items ?? []}
      value={value}
      loading={users.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(user) => `${user.name} · ${user.email}`}
      isOptionEqualToValue={(option, other) => option.userGuid === other.userGuid}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, user) => onChange(user)}
      renderInput={(params) => <TextField {...params} label={t('userPicker.label')} />}
    />
  );
}
