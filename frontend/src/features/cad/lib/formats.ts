import { useTranslation } from 'react-i18next';
import type { FormatChoice } from '../components/format-button';
import type { CadFormat, CadFormatName } from '../types';

/**
 * The formats that can be made of a design: separations need a rotary design's screens, so a
 * digital design (`rotary` false) is not offered them. Unknown (`rotary` undefined: a list's
 * designs) offers them all; the server refuses what does not fit.
 */
export function formatsFor(formats: CadFormat[], rotary?: boolean): CadFormat[] {
  return rotary === false ? formats.filter((format) => format.name !== 'separations') : formats;
}

type HintKey = 'production' | 'productionDigital' | 'productionRotary' | 'separations' | 'original';

/** The line under a format in the menu: what the production file is, for the design's type when it is known. */
export function hintKey(name: CadFormatName, rotary?: boolean): HintKey {
  if (name !== 'production' || rotary === undefined) return name;
  return rotary ? 'productionRotary' : 'productionDigital';
}

/** The CAD formats that fit the design (`formatsFor`) as the format button's choices, named and explained. */
export function useCadFormatChoices(formats: CadFormat[], rotary?: boolean): FormatChoice<CadFormat>[] {
  const { t } = useTranslation('cad');
  return formatsFor(formats, rotary).map((format) => ({
    value: format,
    name: format.name,
    label: t(`formats.${format.name}`),
    hint: t(`hints.${hintKey(format.name, rotary)}`),
    testId: `cad-format-${format.name}`,
  }));
}
