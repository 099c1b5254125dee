import { act, renderHook, screen } from '@testing-library/react';
import { ApiError } from '@/api/api-error';
import { ToastProvider } from './toast-provider';
import { useErrorToast } from './use-error-toast';

function renderErrorToast() {
  return renderHook(() => useErrorToast(), { wrapper: ToastProvider }).result;
}

describe('error toast', () => {
  it('shows the translated text of the server code as an error alert', () => {
    const showError = renderErrorToast();
    act(() => showError.current(new ApiError(409, 'pool_name_taken', 'name taken')));
    expect(screen.getByRole('alert')).toHaveTextContent('Another pool already has this name.');
  });

  it('reads anything that is not an API error as the generic failure', () => {
    const showError = renderErrorToast();
    act(() => showError.current(new TypeError('Failed to fetch')));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please check your connection and try again.');
  });
});
