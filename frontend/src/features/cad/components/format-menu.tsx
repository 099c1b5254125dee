import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { FormatChoice } from './format-button';

type Props<T> = {
  menuId: string;
  /** The button: the menu opens under it (closed without one). */
  anchor: HTMLElement | null;
  choices: FormatChoice<T>[];
  /** The menu's accessible name. */
  menuLabel: string;
  onClose: () => void;
  onPick: (value: T) => void;
};

/** A CAD button's menu of its choices (a chunk of its own, see parts.ts). */
export function FormatMenu<T>({ menuId, anchor, choices, menuLabel, onClose, onPick }: Props<T>) {
  return (
    <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ list: { 'aria-label': menuLabel } }}>
      {choices.map((choice) => (
        <MenuItem
          key={choice.name}
          onClick={() => {
            onClose();
            onPick(choice.value);
          }}
          data-testid={choice.testId}
        >
          <ListItemText primary={choice.label} secondary={choice.hint} />
        </MenuItem>
      ))}
    </Menu>
  );
}
