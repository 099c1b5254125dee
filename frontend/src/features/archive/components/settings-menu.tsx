import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '@/components/icons/settings-icon';
import { Tooltip } from '@/components/tooltip';
import { WhenLoaded } from '@/lib/deferred';
import { settingsMenu } from './parts';

type Props = { onInfiniteChange?: (infinite: boolean) => void };

/** The search settings (spec: infinity scroll, remember selected list), kept in this browser. */
export function SettingsMenu({ onInfiniteChange }: Props) {
  const { t } = useTranslation(['search', 'archive']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Tooltip title={t('settings.button')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('settings.button')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? menuId : undefined}
          data-testid="settings-button"
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <WhenLoaded part={settingsMenu} load={Boolean(anchor)}>
        {({ SettingsMenuPopup }) => <SettingsMenuPopup menuId={menuId} anchor={anchor} onClose={() => setAnchor(null)} onInfiniteChange={onInfiniteChange} />}
      </WhenLoaded>
    </>
  );
}
