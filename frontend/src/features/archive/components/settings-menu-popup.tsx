import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { updateClientSettings, useClientSettings } from '@/lib/client-settings';

type Props = {
  menuId: string;
  /** The settings button: the menu opens under it (closed without one). */
  anchor: HTMLElement | null;
  onClose: () => void;
  onInfiniteChange?: (infinite: boolean) => void;
};

/** The search settings' menu under its button (a chunk of its own, see parts.ts). */
export function SettingsMenuPopup({ menuId, anchor, onClose, onInfiniteChange }: Props) {
  const { t } = useTranslation(['search', 'archive']);
  const settings = useClientSettings();

  const toggleInfinite = () => {
    const infinityScroll = !settings.infinityScroll;
    updateClientSettings({ infinityScroll });
    onInfiniteChange?.(infinityScroll);
  };

  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('settings.button'), dense: true }, paper: { sx: { maxWidth: 360 } } }}
    >
      <ListSubheader sx={{ lineHeight: 2.5 }}>{t('settings.title')}</ListSubheader>
      <MenuItem
        role="menuitemcheckbox"
        aria-checked={settings.infinityScroll}
        onClick={toggleInfinite}
        data-testid="infinite-toggle"
        data-checked={settings.infinityScroll}
      >
        <ListItemText primary={t('settings.infinite')} secondary={t('settings.infiniteHint')} slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }} />
        <Switch edge="end" checked={settings.infinityScroll} readOnly slotProps={{ input: { 'aria-hidden': true, tabIndex: -1 } as object }} sx={{ ml: 1 }} />
      </MenuItem>
      <MenuItem
        role="menuitemcheckbox"
        aria-checked={settings.isRememberFavoriteSelection}
        onClick={() => updateClientSettings({ isRememberFavoriteSelection: !settings.isRememberFavoriteSelection })}
        data-testid="remember-list-toggle"
        data-checked={settings.isRememberFavoriteSelection}
      >
        <ListItemText
          primary={t('settings.rememberList')}
          secondary={t('settings.rememberListHint')}
          slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
        />
        <Switch edge="end" checked={settings.isRememberFavoriteSelection} readOnly slotProps={{ input: { 'aria-hidden': true, tabIndex: -1 } as object }} sx={{ ml: 1 }} />
      </MenuItem>
    </Menu>
  );
}
