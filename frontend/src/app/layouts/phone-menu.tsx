import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from '@/lib/router';

/** One entry of the phone menu: a page to go to, or an action. */
export type PhoneMenuEntry = {
  key: string;
  text: string;
  testId?: string;
  selected?: boolean;
  disabled?: boolean;
} & ({ to: string } | { onClick: () => void });

type Props = {
  /** The menu button: the menu opens under it (closed without one). */
  anchor: HTMLElement | null;
  onClose: () => void;
  entries: PhoneMenuEntry[];
};

/** The customer side's menu on a phone: the pages and the account's actions (a chunk of its own: opened on a tap). */
export function PhoneMenu({ anchor, onClose, entries }: Props) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {entries.map((entry) =>
        'to' in entry ? (
          <MenuItem key={entry.key} component={RouterLink} to={entry.to} selected={entry.selected} onClick={onClose} data-testid={entry.testId}>
            {entry.text}
          </MenuItem>
        ) : (
          <MenuItem key={entry.key} onClick={() => (onClose(), entry.onClick())} disabled={entry.disabled} data-testid={entry.testId}>
            {entry.text}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
