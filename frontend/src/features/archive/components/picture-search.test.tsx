import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { currentPath, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { keepPicture } from '../lib/picture-store';
import { searchPage, signedInCustomer } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

/** The archive with search by picture on, answering the similar search with `answer`. */
function withSimilarSearch(answer: (form: FormData) => object) {
  const sent: FormData[] = [];
  server.use(
    http.get('*/service/search/similar/status', () => HttpResponse.json({ available: true, indexedColorways: 12 })),
    http.post('*/service/search/similar/:page/:pageSize', async ({ request }) => {
      const form = await request.formData();
      sent.push(form);
      return HttpResponse.json(answer(form));
    }),
  );
  return sent;
}

describe('search by picture', () => {
  beforeEach(() => sessionStorage.clear());

  it('offers the picture filter only when the search is available', async () => {
    signedInCustomer();
    renderApp('/');
    await screen.findByTestId('result-count', {}, SLOW);
    expect(screen.queryByTestId('filter-picture')).not.toBeInTheDocument();
  });

  it('sends the kept picture with the other filters and outlines where it sits', async () => {
    signedInCustomer();
    const sent = withSimilarSearch(() => {
      const page = searchPage(0, 25, 2);
      page.results[0] = { ...page.results[0]!, score: 42.5, match: { polygon: [[10, 20], [110, 20], [110, 90], [10, 90]], width: 400, height: 300 } };
      return page;
    });
    const id = await keepPicture(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }));
    const { router } = renderApp(`/?similar=p:${id}&number=01`);
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('2 designs'), SLOW);
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get('number')).toBe('01');
    expect(form.get('similarPicture')).toBeNull();
    const picture = form.get('similarImage') as File;
    expect(picture.size).toBe(4);
    expect(screen.getByTestId('ranking-note')).toHaveTextContent('Closest first');
    const cards = screen.getAllByTestId('search-result');
    const outline = within(cards[0]!).getByTestId('match-outline');
    expect(outline).toHaveAttribute('viewBox', '0 0 400 300');
    expect(outline.querySelector('polygon')).toHaveAttribute('points', '10,20 110,20 110,90 10,90');
    expect(within(cards[1]!).queryByTestId('match-outline')).not.toBeInTheDocument();

    // The chip names the picture; removing it goes back to the plain search.
    const chip = screen.getAllByTestId('filter-chip').find((c) => c.dataset.filter === 'similar')!;
    expect(chip).toHaveTextContent('Like: your picture');
    const user = userEvent.setup();
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(currentPath(router)).toBe('/?number=01'));
  });

  it('tells the user to choose the picture again when this browser no longer has it', async () => {
    signedInCustomer();
    withSimilarSearch(() => searchPage(0, 25, 0));
    renderApp('/?similar=p:forgotten');
    expect(await screen.findByText(/This picture cannot be read/, {}, SLOW)).toBeInTheDocument();
  });

  it('refuses a file that is not a picture before sending it', async () => {
    signedInCustomer();
    withSimilarSearch(() => searchPage(0, 25, 0));
    renderApp('/');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByTestId('filter-picture', {}, SLOW));
    const input = await screen.findByTestId('picture-file');
    await user.upload(input, new File(['%PDF-1.4'], 'order.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/This picture cannot be read/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });
});
