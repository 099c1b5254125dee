import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { withDefaultFormat, withFormat } from '../lib/general-settings';
import { cadFormatIds } from '../types';

type Props = { formats: number[]; onChange: (formats: number[]) => void; problem: string | undefined; disabled: boolean };

/**
 * The CAD formats offered, in order: a checkbox offers a format, the radio beside it makes it the
 * default (the first of the list). A newly offered format goes last; the order of the others is kept.
 */
export function CadFormatsField({ formats, onChange, problem, disabled }: Props) {
  const { t } = useTranslation('settings');
  const labelId = useId();
  const helpId = useId();
  return (
    <Stack spacing={0.5}>
      <FormLabel id={labelId}>{t('general.cadFormats')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={formats[0] === undefined ? '' : String(formats[0])}
        onChange={(event) => onChange(withDefaultFormat(formats, Number(event.target.value)))}
      >
        {cadFormatIds.map((id) => {
          const name = t(`general.formats.${id}`);
          const offered = formats.includes(id);
          return (
            <Stack key={id} direction="row" sx={{ alignItems: 'center', gap: 2 }} data-testid="cad-format">
              <FormControlLabel
                label={name}
                sx={{ minWidth: 200 }}
                control={<Checkbox checked={offered} onChange={(event) => onChange(withFormat(formats, id, event.target.checked))} disabled={disabled} />}
              />
              <FormControlLabel
                value={String(id)}
                label={t('general.default')}
                disabled={disabled || !offered}
                control={<Radio size="small" slotProps={{ input: { 'aria-label': t('general.defaultOf', { name }) } }} />}
              />
            </Stack>
          );
        })}
      </RadioGroup>
      <FormHelperText id={helpId} error={Boolean(problem)} sx={{ mx: 0 }}>
        {problem ?? t('general.cadFormatsHelp')}
      </FormHelperText>
    </Stack>
  );
}
