import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { queryKeys } from '@/api/reference/keys';
import { clientConfiguration } from '@/testing/fixtures';
import { server } from '@/testing/server';
import { Thumbnail } from './thumbnail';

function renderThumbnail(src: string, contentImageBase: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.configuration.client, clientConfiguration({ contentImageBase }));
  return render(
    <QueryClientProvider client={queryClient}>
      <Thumbnail src={src} alt="01-0559 VR-1" />
    </QueryClientProvider>,
  );
}

describe('Thumbnail', () => {
  it('loads a design image from the content image server the studio set', () => {
    renderThumbnail('/service/design/thumbnail/d/v/d-1/c-1?v=k1', 'https://cdn.example.com');
    expect(screen.getByRole('img', { name: '01-0559 VR-1' })).toHaveAttribute('src', 'https://cdn.example.com/service/design/thumbnail/d/v/d-1/c-1?v=k1');
  });

  it('loads it from this server without one', () => {
    renderThumbnail('/service/design/thumbnail/d/v/d-1/c-1?v=k1', '');
    expect(screen.getByRole('img', { name: '01-0559 VR-1' })).toHaveAttribute('src', '/service/design/thumbnail/d/v/d-1/c-1?v=k1');
  });

  it('falls back to this server, with the session token, when the content image server refuses', async () => {
    const origins: string[] = [];
    server.use(
      http.get('*/service/design/thumbnail/d/v/d-1/c-1', ({ request }) => {
        origins.push(new URL(request.url).origin);
        return new HttpResponse(new Blob(['jpeg']), { headers: { 'Content-Type': 'image/jpeg' } });
      }),
    );
    // jsdom has no object URLs.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:thumbnail'), revokeObjectURL: jest.fn() });
    try {
      renderThumbnail('/service/design/thumbnail/d/v/d-1/c-1?v=k1', 'https://cdn.example.com');
      fireEvent.error(screen.getByRole('img', { name: '01-0559 VR-1' }));
      await waitFor(() => expect(screen.getByRole('img', { name: '01-0559 VR-1' })).toHaveAttribute('src', 'blob:thumbnail'));
      // Read from this server (the token never goes to the content image server).
      expect(origins).toEqual([window.location.origin]);
      // Unmounted while object URLs exist: the thumbnail revokes its own.
      cleanup();
    } finally {
      Object.assign(URL, original);
    }
  });
});
