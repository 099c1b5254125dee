import { createContext, useContext } from 'react';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type ShowToast = (message: string, severity?: ToastSeverity) => void;

export const ToastContext = createContext<ShowToast | null>(null);

/** Shows a toast (spec section 9: 4000 ms, at most 3, top). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
