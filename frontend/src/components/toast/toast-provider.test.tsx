import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useToast } from './toast-context';
import { MAX_TOASTS, TOAST_DURATION_MS, ToastProvider } from './toast-provider';

function FourToasts() {
  const toast = useToast();
  useEffect(() => {
    ['one', 'two', 'three', 'four'].forEach((message) => toast(message));
  }, [toast]);
  return null;
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('show at most 3 at once and hide after 4000 ms', () => {
    render(
      <ToastProvider>
        <FourToasts />
      </ToastProvider>,
    );
    expect(MAX_TOASTS).toBe(3);
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['two', 'three', 'four']);
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});
