import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { supportedLocales, type Locale } from '@/lib/locale';
import type { ParameterName } from '@/types/configuration';
import { nameProblem, PARAMETER_NAME_MAX } from '../lib/general-settings';

type Props = {
  names: ParameterName[];
  onChange: (names: ParameterName[]) => void;
  /** The field's problem, said under the grid; the names that cause it are marked (all of them when none is plainly wrong). */
  problem: string | undefined;
  disabled: boolean;
};

/** The names of dp0 to dp9 in Turkish, English and Russian: a compact grid, one row a parameter, one column a language. */
export function ParameterNamesField({ names, onChange, problem, disabled }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  const problemId = useId();
  const rename = (index: number, language: Locale, value: string) =>
    onChange(names.map((name, at) => (at === index ? { ...name, [language]: value } : name)));
  const anyWrong = names.some((name) => supportedLocales.some((language) => nameProblem(name[language])));

  return (
    <Box role="group" aria-describedby={problem ? problemId : undefined} data-testid="parameter-names">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto repeat(3, minmax(0, 1fr))', columnGap: 1, rowGap: 0.75, alignItems: 'center' }}>
        <span />
        {supportedLocales.map((language) => (
          <Typography key={language} variant="caption" color="text.secondary" component="span" lang={language}>
            {t(`common:language.${language}`)}
          </Typography>
        ))}
        {names.map((name, index) => (
          <Fragment key={index}>
            <Typography variant="body2" color="text.secondary" component="span" sx={{ textAlign: 'right', minWidth: 24 }} aria-hidden>
              {index + 1}
            </Typography>
            {supportedLocales.map((language) => (
              <TextField
                key={language}
                size="small"
                margin="none"
                value={name[language]}
                onChange={(event) => rename(index, language, event.target.value)}
                error={Boolean(problem) && (!anyWrong || nameProblem(name[language]))}
                disabled={disabled}
                slotProps={{
                  htmlInput: {
                    'aria-label': t('settings:general.parameterField', { number: index + 1, language: t(`common:language.${language}`) }),
                    lang: language,
                    maxLength: PARAMETER_NAME_MAX,
                  },
                }}
              />
            ))}
          </Fragment>
        ))}
      </Box>
      {problem && (
        <FormHelperText id={problemId} error>
          {problem}
        </FormHelperText>
      )}
    </Box>
  );
}
