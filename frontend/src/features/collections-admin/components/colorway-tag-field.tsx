import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '@/components/thumbnail';
import { useToast } from '@/components/toast/toast-context';
import { errorCodeOf } from '@/lib/error-message';
import { useDebounced } from '@/lib/use-debounced';
import { useAddColorway, type TagTarget } from '../api/add-colorway';
import { useColorwaySearch } from '../api/search-colorways';
import type { ColorwayOption, MoodImage } from '../types';

function optionLabel(option: ColorwayOption | string): string {
  return typeof option === 'string' ? option : `${option.designName}/${option.colorwayName}`;
}

/**
 * Adds a tag to a mood image: a colorway found by `DESIGN/COLORWAY` (the autocomplete asks the
 * server after a pause in typing), or typed whole and sent with Enter (`val`).
 */
export function ColorwayTagField({ image }: { image: MoodImage }) {
  const { t } = useTranslation(['collectionsAdmin', 'errors']);
  const toast = useToast();
  const add = useAddColorway();
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim());
  const search = useColorwaySearch(query);
  const tagged = new Set(image.colorways.map((tag) => tag.colorwayGuid));
  const options = input.trim() ? (search.data ?? []) : [];

  const submit = (target: TagTarget, label: string) => {
    add.mutate(
      { imageId: image.id, target },
      {
        onSuccess: () => {
          setInput('');
          toast(t('collectionsAdmin:tags.added', { name: label }), 'success');
        },
      },
    );
  };

  return (
    <Autocomplete<ColorwayOption, false, false, true>
      freeSolo
      options={options}
      value={null}
      inputValue={input}
      loading={search.isFetching}
      disabled={add.isPending}
      filterOptions={(all) => all}
      getOptionLabel={optionLabel}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.colorwayGuid)}
      getOptionDisabled={(option) => tagged.has(option.colorwayGuid)}
      onInputChange={(_event, text, reason) => {
        // Picking an option would write its label into the field: the field empties after the add instead.
        if (reason !== 'reset') setInput(text);
        if (add.error) add.reset();
      }}
      onChange={(_event, picked) => {
        if (picked === null) return;
        if (typeof picked === 'string') {
          const val = picked.trim();
          if (val) submit({ val }, val);
        } else {
          submit({ designGuid: picked.designGuid, colorwayGuid: picked.colorwayGuid }, optionLabel(picked));
        }
      }}
      noOptionsText={t('collectionsAdmin:tags.noOptions')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Thumbnail src={option.thumbnail} alt="" size={36} />
          <Typography variant="body2">{optionLabel(option)}</Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('collectionsAdmin:tags.add')}
          placeholder="01-0559/VR-2"
          error={Boolean(add.error)}
          helperText={add.error ? t(`errors:${errorCodeOf(add.error)}`) : t('collectionsAdmin:tags.addHint')}
        />
      )}
      sx={{ maxWidth: 420 }}
    />
  );
}
