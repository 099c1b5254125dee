import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { useTranslation } from 'react-i18next';
import type { ToastAction, ToastSeverity } from './toast-context';

type Props = {
  message: string;
  severity: ToastSeverity;
  action?: ToastAction;
  onDismiss: () => void;
};

/** One toast (a chunk of its own: loaded with the first toast, or once the page is idle, see toast-provider.tsx). */
export function ToastItem({ message, severity, action, onDismiss }: Props) {
  const { t } = useTranslation();
  return (
    <Collapse in appear>
      <Alert
        variant="filled"
        severity={severity}
        onClose={onDismiss}
        slotProps={{ closeButton: { title: t('actions.close'), 'aria-label': t('actions.close') } }}
        role={severity === 'error' ? 'alert' : 'status'}
        action={
          action && (
            <Button
              color="inherit"
              size="small"
              data-testid="toast-action"
              onClick={() => {
                onDismiss();
                action.onClick();
              }}
            >
              {action.label}
            </Button>
          )
        }
        data-testid="toast"
      >
        {message}
      </Alert>
    </Collapse>
  );
}
