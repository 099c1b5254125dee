import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const healthy = { status: 'ok', database: 'ok', sessions: 'memory', palette_index: 'ready' };

describe('the test page (/dummy)', () => {
  it('says that the archive answers and that this browser keeps cookies and settings, without signing in', async () => {
    server.use(http.get('*/service/health', () => HttpResponse.json(healthy)));
    renderApp('/dummy');
    expect(await screen.findByText('✓ The archive answers.')).toBeInTheDocument();
    expect(screen.getByText('✓ Cookies are on (the design images need them).')).toBeInTheDocument();
    expect(screen.getByText(/✓ This browser keeps Desen's settings/)).toBeInTheDocument();
    expect(screen.getByText('Interface language: English')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Everything Desen needs works here.');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(document.title).toBe('Test page · Desen');
  });

  it('tells a database that does not answer from a server that does not, and checks again on request', async () => {
    let answer: 'degraded' | 'down' | 'ok' = 'degraded';
    server.use(
      http.get('*/service/health', () => {
        if (answer === 'down') return HttpResponse.error();
        if (answer === 'degraded') return HttpResponse.json({ ...healthy, status: 'degraded', database: 'unreachable' }, { status: 503 });
        return HttpResponse.json(healthy);
      }),
    );
    renderApp('/dummy');
    expect(await screen.findByText(/✗ The archive answers, but its database does not/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something Desen needs does not work here');

    answer = 'down';
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(/✗ The archive does not answer/)).toBeInTheDocument();
    answer = 'ok';
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('✓ The archive answers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the archive' })).toHaveAttribute('href', '/');
  });
});
