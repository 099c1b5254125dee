import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons/close-icon';
import { IMAGE_ACCEPT } from '../lib/wear-form';
import type { WearImage } from '../types';

type Props = {
  image: WearImage;
  file: File | null;
  onChange: (file: File | null) => void;
  required: boolean;
  /** Editing: no file keeps the current image. */
  editing: boolean;
  /** The translated problem, shown above the help. */
  problem?: string;
};

/** One image of a wear model: a file picker with the chosen file's name and what the image is for. */
export function WearImageField({ image, file, onChange, required, editing, problem }: Props) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const helpId = useId();
  const problemId = useId();
  const label = t(`wearModels.form.image.${image}.label`);

  return (
    <Stack spacing={0.5} role="group" aria-labelledby={labelId} aria-describedby={problem ? `${problemId} ${helpId}` : helpId} data-testid={`wear-image-${image}`}>
      <Typography id={labelId} variant="subtitle2" component="span" color={problem ? 'error' : undefined}>
        {required ? `${label} *` : label}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Button variant="outlined" size="small" onClick={() => input.current?.click()} sx={{ flexShrink: 0 }}>
          {t('wearModels.form.chooseFile')}
        </Button>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }} data-testid={`wear-file-name-${image}`}>
          {file?.name ?? (editing ? t('wearModels.form.keepCurrent') : t('wearModels.form.noFile'))}
        </Typography>
        {file && (
          <IconButton size="small" aria-label={t('wearModels.form.removeFile')} onClick={() => onChange(null)}>
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_ACCEPT}
        aria-label={label}
        data-testid={`wear-file-${image}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (chosen) onChange(chosen);
        }}
      />
      {problem && (
        <FormHelperText id={problemId} error sx={{ mx: 0 }}>
          {problem}
        </FormHelperText>
      )}
      <FormHelperText id={helpId} sx={{ mx: 0, mt: 0 }}>
        {t(`wearModels.form.image.${image}.help`)}
      </FormHelperText>
    </Stack>
  );
}
