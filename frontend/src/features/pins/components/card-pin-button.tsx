import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/tooltip';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PinIcon } from '@/components/icons/pin-icon';
import { PinOutlineIcon } from '@/components/icons/pin-outline-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useSession } from '@/lib/session';
import { usePins } from '../api/get-pins';
import { useTogglePin, type PinnableDesign } from '../api/toggle-pin';

type Props = {
  design: PinnableDesign;
  /** What the card's search said (`pinned`), until the pin list is read. */
  pinned: boolean;
};

/**
 * The pin on a result card, for admins (with their second factor validated) only: pins the design
 * at the end of the pin list, or unpins it, and says so. Nothing for anyone else.
 */
export function CardPinButton(props: Props) {
  const { account } = useSession();
  if (!account?.isAdmin || !account.is2FaValidated) return null;
  return <AdminCardPinButton {...props} />;
}

function AdminCardPinButton({ design, pinned: searchSaysPinned }: Props) {
  const { t } = useTranslation('pins');
  const toast = useToast();
  const showError = useErrorToast();
  // One read for every card; a change shows here at once, before the server answers.
  const pins = usePins();
  const toggle = useTogglePin();
  // A click while the last one is being saved is ignored (not disabled: the tooltip stays usable).
  const busy = useRef(false);
  const pinned = pins.data ? pins.data.some((pin) => pin.designGuid === design.designGuid) : searchSaysPinned;
  const name = design.designName;

  const onClick = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await toggle(design, !pinned);
      toast(t(pinned ? 'unpinned' : 'pinned', { name }), 'success');
    } catch (error) {
      showError(error);
    } finally {
      busy.current = false;
    }
  };

  return (
    <Tooltip title={t(pinned ? 'card.unpinHint' : 'card.pinHint')} describeChild>
      <IconButton
        size="small"
        aria-label={t(pinned ? 'unpin' : 'card.pin', { name })}
        onClick={() => void onClick()}
        data-testid="card-pin"
        data-pinned={pinned}
        sx={{ bgcolor: 'background.paper', boxShadow: 1, color: pinned ? 'secondary.main' : 'text.secondary', '&:hover': { bgcolor: 'background.paper' } }}
      >
        {pinned ? <PinIcon size={20} /> : <PinOutlineIcon size={20} />}
      </IconButton>
    </Tooltip>
  );
}
