import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formOf, server } from '@/testing/server';
import { moodImage, node, openAdmin, SLOW, tag } from '../testing/fixtures';
import type { CollectionDetail, MoodImage } from '../types';

const board = node({ id: 7, parentId: 4, name: 'Beach moods', kind: 'mood', itemCount: 3 });

/** The thumbnails' images in the order shown (each path names its photo). */
const shownOrder = () => screen.getAllByTestId('mood-image-thumb').map((thumb) => Number(/image\/(\d+)\//.exec(thumb.querySelector('img')?.getAttribute('src') ?? '')?.[1]));

/** move-content as the server does it: records the form, moves the photo, answers the board's photos in order (or refuses). */
function recordMoves(images: MoodImage[], store: (next: Partial<CollectionDetail>) => void, refuse = false) {
  let order = images;
  const forms: Record<string, string>[] = [];
  server.use(
    http.post('*/service/admin/new-collection/move-content', async ({ request }) => {
      const form = await formOf(request);
      forms.push(form);
      if (refuse) return HttpResponse.json({ code: 'mood_image_not_found', message: 'gone' }, { status: 404 });
      const moved = order.find((image) => image.id === Number(form.imageId))!;
      const rest = order.filter((image) => image !== moved);
      rest.splice(Number(form.position), 0, moved);
      order = rest;
      store({ images: order });
      return HttpResponse.json(order);
    }),
  );
  return forms;
}

describe('admin collections: the order of a mood board’s photos', () => {
  const images = [moodImage(71, [tag(1)]), moodImage(72), moodImage(73)];

  it('moves a photo earlier and later with its arrows: at once, then in the order the server answers', async () => {
    const { user, store } = openAdmin(board, { images });
    const forms = recordMoves(images, store);
    await screen.findAllByTestId('mood-image-thumb', {}, SLOW);
    expect(shownOrder()).toEqual([71, 72, 73]);
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();

    // The chosen photo stays chosen as it moves.
    await user.click(screen.getByRole('button', { name: 'Image 3, 0 tags' }));
    expect(screen.getByTestId('mood-image-editor')).toHaveAccessibleName('Image 3, 0 tags');
    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(shownOrder()).toEqual([71, 73, 72]);
    expect(screen.getByTestId('mood-image-move-status')).toHaveTextContent('Image moved to place 2 of 3.');
    expect(screen.getByTestId('mood-image-editor')).toHaveAccessibleName('Image 2, 0 tags');
    expect(screen.getByRole('button', { name: 'Image 2, 0 tags' })).toHaveAttribute('aria-pressed', 'true');
    // The arrow keeps the focus while its photo moves.
    expect(document.activeElement).toHaveAttribute('data-move', '73:earlier');

    await user.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    await waitFor(() => expect(forms).toHaveLength(2));
    expect(forms).toEqual([
      { imageId: '73', position: '1' },
      { imageId: '71', position: '1' },
    ]);
    await waitFor(() => expect(shownOrder()).toEqual([73, 71, 72]));
  });

  it('moves a photo by dragging it onto another one’s place', async () => {
    const { store } = openAdmin(board, { images });
    const forms = recordMoves(images, store);
    await screen.findAllByTestId('mood-image-thumb', {}, SLOW);
    const dataTransfer = () => ({ setData: () => undefined, getData: () => '', effectAllowed: 'all', dropEffect: 'move', types: ['text/plain'] });
    const [first, , last] = screen.getAllByTestId('mood-image-item');
    expect(first).toHaveAttribute('title', 'Drag to reorder');
    fireEvent.dragStart(first!, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(last!, { dataTransfer: dataTransfer() });
    fireEvent.drop(last!, { dataTransfer: dataTransfer() });
    fireEvent.dragEnd(first!, { dataTransfer: dataTransfer() });
    await waitFor(() => expect(shownOrder()).toEqual([72, 73, 71]));
    await waitFor(() => expect(forms).toEqual([{ imageId: '71', position: '2' }]));
  });

  it('puts the photos back and says why when the server refuses', async () => {
    const { user, store } = openAdmin(board, { images });
    const forms = recordMoves(images, store, true);
    await screen.findAllByTestId('mood-image-thumb', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Move image 2 later' }));
    expect(await screen.findByText('The image was not found. It may have been deleted.', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual([71, 72, 73]));
    expect(forms).toHaveLength(1);
  });
});

describe('admin collections: moving a tag on a mood photo', () => {
  it('sends one add-colorway with the new point, and the tag keeps its place among the tags', async () => {
    const image = moodImage(71, [tag(1), tag(2, { x: 0.1, y: 0.2 }), tag(3)]);
    const { user, store } = openAdmin(board, { images: [image] });
    const added: Record<string, string>[] = [];
    const untagged: Record<string, string>[] = [];
    server.use(
      http.post('*/service/admin/new-collection/add-colorway', async ({ request }) => {
        const form = await formOf(request);
        added.push(form);
        const moved = moodImage(71, [tag(1), tag(2, { x: Number(form.x), y: Number(form.y) }), tag(3)]);
        store({ images: [moved] });
        return HttpResponse.json(moved);
      }),
      http.post('*/service/admin/new-collection/delete-colorway', async ({ request }) => {
        untagged.push(await formOf(request));
        return HttpResponse.json(moodImage(71));
      }),
    );
    const editor = await screen.findByTestId('mood-image-editor', {}, SLOW);
    const chips = () => within(editor).getAllByTestId('tag-chip').map((chip) => chip.textContent);
    expect(chips()).toEqual(['01-0001/VR-1', '01-0002/VR-2', '01-0003/VR-3']);

    await user.click(within(editor).getAllByTestId('tag-chip')[1]!);
    expect(within(editor).getByTestId('tag-hint')).toHaveTextContent('Click on the image where 01-0002/VR-2 is.');
    const large = within(editor).getByTestId('mood-image-large');
    large.getBoundingClientRect = () => ({ left: 0, top: 0, right: 200, bottom: 100, width: 200, height: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(large, { clientX: 50, clientY: 75 });

    expect(await screen.findByText('The point of 01-0002/VR-2 was set.', undefined, SLOW)).toBeInTheDocument();
    expect(added).toEqual([{ imageId: '71', designGuid: 'd-2', colorwayGuid: 'c-2', x: '0.25', y: '0.75' }]);
    expect(untagged).toEqual([]);
    expect(chips()).toEqual(['01-0001/VR-1', '01-0002/VR-2', '01-0003/VR-3']);
    const [marker] = within(editor).getAllByTestId('tag-marker');
    expect(marker).toHaveAttribute('title', '01-0002/VR-2');
    expect(marker).toHaveStyle({ left: '25%', top: '75%' });
  });
});

describe('admin collections: a refused tag move', () => {
  it('shows the refusal and never takes the tag off to put it back', async () => {
    const image = moodImage(71, [tag(1, { x: 0.5, y: 0.5 })]);
    const { user } = openAdmin(board, { images: [image] });
    const calls: string[] = [];
    server.use(
      http.post('*/service/admin/new-collection/add-colorway', () => {
        calls.push('add-colorway');
        return HttpResponse.json({ code: 'colorway_already_tagged', message: 'tagged' }, { status: 409 });
      }),
      http.post('*/service/admin/new-collection/delete-colorway', () => {
        calls.push('delete-colorway');
        return HttpResponse.json(moodImage(71));
      }),
    );
    const editor = await screen.findByTestId('mood-image-editor', {}, SLOW);
    await user.click(within(editor).getByTestId('tag-chip'));
    fireEvent.click(within(editor).getByTestId('mood-image-large'), { clientX: 0, clientY: 0 });
    expect(await within(editor).findByTestId('error-alert', {}, SLOW)).toHaveAttribute('data-code', 'colorway_already_tagged');
    expect(calls).toEqual(['add-colorway']);
    expect(within(editor).getAllByTestId('tag-chip')).toHaveLength(1);
  });
});
