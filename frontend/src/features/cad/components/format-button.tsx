import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDropDownIcon } from '@/components/icons/arrow-drop-down-icon';
import { DownloadIcon } from '@/components/icons/download-icon';
import { WhenLoaded } from '@/lib/deferred';
import { formatMenu } from './parts';

/** One thing the button offers (a CAD format, a line sheet's format): `value` is what is picked, the rest how it shows. */
export type FormatChoice<T> = {
  value: T;
  /** Its name: the menu item's key, and the button's `data-format` when it is the one offered. */
  name: string;
  /** The menu item's words, and the line under them. */
  label: string;
  hint?: string;
  testId: string;
};

type Props<T> = {
  /** The choices offered, the default first; none shows no button. */
  choices: FormatChoice<T>[];
  /** The button opens a menu of the choices; otherwise it takes the first (the one offered). */
  choose: boolean;
  label: string;
  /** The menu's accessible name. */
  menuLabel: string;
  /** While the file (or the zip's start) is under way: the button says "Preparing…" and takes no click. */
  pending: boolean;
  disabled?: boolean;
  onPick: (value: T) => void;
  testId: string;
};

/** A CAD button: one click for the one choice, or a menu of the choices when the user may choose. */
export function FormatButton<T>({ choices, choose, label, menuLabel, pending, disabled = false, onPick, testId }: Props<T>) {
  const { t } = useTranslation('cad');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const [first] = choices;
  if (!first) return null;
  const menu = choose && choices.length > 1;

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        endIcon={menu ? <ArrowDropDownIcon /> : undefined}
        loading={pending}
        loadingPosition="start"
        disabled={disabled}
        onClick={(event) => (menu ? setAnchor(event.currentTarget) : onPick(first.value))}
        aria-haspopup={menu ? 'menu' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        data-testid={testId}
        data-format={menu ? undefined : first.name}
      >
        {pending ? t('preparing') : label}
      </Button>
      {menu && (
        <WhenLoaded part={formatMenu} load={Boolean(anchor)}>
          {({ FormatMenu }) => <FormatMenu menuId={menuId} anchor={anchor} choices={choices} menuLabel={menuLabel} onClose={() => setAnchor(null)} onPick={onPick} />}
        </WhenLoaded>
      )}
    </>
  );
}
