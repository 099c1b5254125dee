import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/lib/i18n';
import { isLocale, supportedLocales } from '@/lib/locale';

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

/** The interface language choice (login screen and app bar); remembered in localStorage. */
export function LanguageSelect({ variant = 'form' }: Props) {
  const { t, i18n } = useTranslation();
  const toolbar = variant === 'toolbar';
  return (
    <TextField
      select
      size="small"
      fullWidth={!toolbar}
      margin={toolbar ? 'none' : 'normal'}
      label={toolbar ? undefined : t('language.label')}
      value={isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'}
      onChange={(event) => {
        if (isLocale(event.target.value)) void changeLocale(event.target.value);
      }}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': t('language.label'), 'data-testid': 'language-select' },
      }}
      sx={toolbar ? toolbarSx : undefined}
    >
      {supportedLocales.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`language.${locale}`)}
        </option>
      ))}
    </TextField>
  );
}
