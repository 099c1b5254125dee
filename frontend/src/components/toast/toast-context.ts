import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
/** A button in the toast (an undo); the toast closes when it is pressed. */
export type ToastAction = { label: string; onClick: () => void };
export type ShowToast = (message: string, severity?: ToastSeverity, action?: ToastAction) => void;

export const ToastContext = createContext<ShowToast | null>(null);

/** Shows a toast (spec section 9: 4000 ms, at most 3, top). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
