import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { deferred, usePreload, WhenLoaded } from '@/lib/deferred';
import { ToastContext, type ToastAction, type ToastSeverity } from './toast-context';

/** The toasts themselves: a chunk of their own, there by the time the first one is shown (preloaded once the page is idle). */
const toastItem = deferred(() => import('./toast-item'));

export const TOAST_DURATION_MS = 4000;
export const MAX_TOASTS = 3;

type Toast = { id: number; message: string; severity: ToastSeverity; action?: ToastAction };

export function ToastProvider({ children }: { children: ReactNode }) {
  usePreload(toastItem);
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
        <WhenLoaded part={toastItem} load={toasts.length > 0}>
          {({ ToastItem }) =>
            toasts.map((toast) => <ToastItem key={toast.id} message={toast.message} severity={toast.severity} action={toast.action} onDismiss={() => dismiss(toast.id)} />)
          }
        </WhenLoaded>
      </Stack>
    </ToastContext.Provider>
  );
}
