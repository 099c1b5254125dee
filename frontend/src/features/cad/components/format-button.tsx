import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDropDownIcon, DownloadIcon } from '@/components/icons';

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
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': menuLabel } }}>
          {choices.map((choice) => (
            <MenuItem
              key={choice.name}
              onClick={() => {
                setAnchor(null);
                onPick(choice.value);
              }}
              data-testid={choice.testId}
            >
              <ListItemText primary={choice.label} secondary={choice.hint} />
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
