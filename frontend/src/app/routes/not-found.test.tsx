import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, renderApp } from '@/testing/render-app';

describe('not found page', () => {
  it('has the app bar and the ways back: to the archive, and to the page before', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 });
    await act(() => router.navigate('/no-such-page'));

    expect(await screen.findByTestId('not-found', {}, { timeout: 5000 })).toHaveTextContent('Page not found');
    expect(screen.getByRole('banner')).toHaveTextContent('Desen');
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the archive' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });
});
