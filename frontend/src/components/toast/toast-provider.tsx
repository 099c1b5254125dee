import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { ToastContext, type ToastAction, type ToastSeverity } from './toast-context';

export const TOAST_DURATION_MS = 4000;
export const MAX_TOASTS = 3;

type Toast = { id: number; message: string; severity: ToastSeverity; action?: ToastAction };

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: string, severity: ToastSeverity = 'info', action?: ToastAction) => {
      const id = nextId.current++;
      // The newest toast pushes out the oldest beyond the limit.
      setToasts((current) => [...current, { id, message, severity, action }].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Stack
        spacing={1}
        sx={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 'snackbar', width: 'min(480px, calc(100% - 32px))' }}
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <Collapse key={toast.id} in appear>
            <Alert
              variant="filled"
              severity={toast.severity}
              onClose={() => dismiss(toast.id)}
              slotProps={{ closeButton: { title: t('actions.close'), 'aria-label': t('actions.close') } }}
              role={toast.severity === 'error' ? 'alert' : 'status'}
              action={
                toast.action && (
                  <Button
                    color="inherit"
                    size="small"
                    data-testid="toast-action"
                    onClick={() => {
                      dismiss(toast.id);
                      toast.action?.onClick();
                    }}
                  >
                    {toast.action.label}
                  </Button>
                )
              }
              data-testid="toast"
            >
              {toast.message}
            </Alert>
          </Collapse>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}
