import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfiguration } from '@/api/reference/get-configuration';
import { changeLocale } from '@/lib/i18n';
import { isLocale, supportedLocales } from '@/lib/locale';

// NativeSelect's inputProps type has no data attributes; they reach the <select> all the same.
const testId = { 'data-testid': 'language-select' };

type Props = { variant?: 'form' | 'toolbar' };

const toolbarSx = {
  minWidth: 130,
  color: 'inherit',
  '& .MuiInputBase-root': { color: 'inherit' },
  '& .MuiNativeSelect-select': { py: 0.75 },
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
  '& .MuiSvgIcon-root': { color: 'inherit' },
  '& option': { color: 'text.primary' },
} as const;

/**
 * The interface language choice (login screen and app bar); remembered in localStorage. A native
 * select: it sits in the app bar of every page, and MUI's menu select would weigh on the first paint.
 * Absent when the studio switched the language selection off (shown until the configuration says so).
 */
export function LanguageSelect({ variant = 'form' }: Props) {
  const { t, i18n } = useTranslation();
  const toolbar = variant === 'toolbar';
  const label = t('language.label');
  const id = useId();
  const configuration = useConfiguration();
  if (configuration.data?.languageSelection === false) return null;
  return (
    <FormControl size="small" fullWidth={!toolbar} margin={toolbar ? 'none' : 'normal'} sx={toolbar ? toolbarSx : undefined}>
      {!toolbar && (
        <InputLabel htmlFor={id} shrink>
          {label}
        </InputLabel>
      )}
      <NativeSelect
        value={isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
        }}
        input={<OutlinedInput notched={!toolbar} label={toolbar ? undefined : label} />}
        inputProps={{ id, 'aria-label': label, ...testId }}
      >
        {supportedLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
