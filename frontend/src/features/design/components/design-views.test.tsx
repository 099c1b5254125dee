import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { getClientSettings } from '@/lib/client-settings';
import { currentPath, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { RepeatPlane } from '../api/get-repeat-view';
import type { WearModel } from '../api/get-wear-models';
import { designServer, rotaryHeader, signedInCustomer } from '../testing/fixtures';
import { planeOverlays } from './repeat-view';

jest.mock('./deep-zoom-canvas', () => jest.requireActual('../testing/deep-zoom-canvas-mock'));

const SLOW = { timeout: 5000 };

const plane: RepeatPlane = {
  tiles: '/service/design/repeat/d-1/c-1/v1-d5000/image.dzi',
  periods: 3,
  periodWidth: 4000,
  periodHeight: 3000,
  shiftDirection: 'drop',
  shiftPx: 1500,
  mirror: false,
  seams: { vertical: [[0, 0.5]], horizontal: [] },
};

const model = (guid: string, name: string, labels: { id: number; label: string }[] = []): WearModel => ({
  guid,
  wearName: name,
  wearOrder: 0,
  labelIds: labels.map((l) => l.id),
  labels,
  isEnabled: true,
  widthCm: 60,
  heightCm: 80,
  thumbnail: `/service/wear/thumbnail/${guid}?v=1`,
});

async function openPage(path: string) {
  signedInCustomer();
  designServer(rotaryHeader());
  const asked: string[] = [];
  server.use(
    http.get('*/service/design/repeat/:design/:colorway', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(plane);
    }),
    http.post('*/service/wear/get-models', () => HttpResponse.json([model('w-1', 'Dress'), model('w-2', 'Scarf', [{ id: 7, label: 'Accessories' }])])),
  );
  const { router } = renderApp(path);
  await screen.findByTestId('design-page', undefined, SLOW);
  return { asked, router };
}

describe('design views', () => {
  afterEach(() => cleanup());

  it('shows the repeat with its kind, outlines, mirror and the seam check', async () => {
    const { asked, router } = await openPage('/design/d-1');
    await userEvent.click(screen.getByRole('tab', { name: 'Repeat' }));
    expect(currentPath(router)).toBe('/design/d-1?view=repeat');
    const view = await screen.findByTestId('repeat-view');
    expect(await within(view).findByText('Drop repeat (1/2)')).toBeInTheDocument();
    expect(within(view).getByTestId('seam-check')).toHaveTextContent('1 seam does not join up');
    await userEvent.click(within(view).getByRole('switch', { name: 'Mirror' }));
    await waitFor(() => expect(asked).toEqual(['?mirror=false', '?mirror=true']));
  });

  it('lays copies with their shift and marks the seams on each', () => {
    const items = planeOverlays(plane, true, true);
    const copies = items.filter((i) => i.kind === 'copy');
    // Column 1 drops by half a copy: its copies start at 1500, 4500, … (and -1500 shows its lower half).
    expect(copies.filter((c) => c.x === 4000).map((c) => c.y)).toEqual([-1500, 1500, 4500, 7500]);
    const seams = items.filter((i) => i.kind === 'seam');
    expect(seams.length).toBe(copies.length);
    expect(seams[0]).toMatchObject({ height: 1500 });
    expect(planeOverlays(plane, false, false)).toEqual([]);
  });

  it('shows the colorway on 150 cm and 75 cm fabric with a ruler', async () => {
    await openPage('/design/d-1?view=fabric150');
    const view = await screen.findByTestId('fabric-view');
    expect(within(view).getByTestId('fabric-ruler')).toHaveAttribute('data-width-cm', '150');
    expect(within(view).getByText('150 cm')).toBeInTheDocument();
    // 150 / 33.87 cm.
    expect(within(view).getByTestId('fabric-caption')).toHaveTextContent('repeats 4.43 times across 150 cm');
    await userEvent.click(screen.getByRole('tab', { name: '75 cm' }));
    expect(await screen.findByText('75 cm', { selector: '.MuiTypography-caption' })).toBeInTheDocument();
  });

  it('says print size is approximate until the screen is calibrated', async () => {
    await openPage('/design/d-1?view=print');
    const view = await screen.findByTestId('print-size-view');
    expect(view).toHaveAttribute('data-calibrated', 'false');
    expect(within(view).getByTestId('print-approximate')).toBeInTheDocument();
    await userEvent.click(within(view).getByRole('button', { name: 'Calibrate the screen' }));
    await userEvent.click(within(view).getByRole('button', { name: 'The bar matches my card' }));
    await waitFor(() => expect(view).toHaveAttribute('data-calibrated', 'true'));
    expect(within(view).queryByTestId('print-approximate')).not.toBeInTheDocument();
  });

  it('dresses the colorway in the chosen wear model and filters models by label', async () => {
    await openPage('/design/d-1?view=wear');
    const render = await screen.findByTestId('wear-render');
    expect(render).toHaveAttribute('data-wear', 'w-1');
    expect(render.getAttribute('src')).toContain('/service/wear/render/w-1/d-1/');
    await userEvent.click(screen.getByRole('radio', { name: 'Scarf' }));
    expect(screen.getByTestId('wear-render')).toHaveAttribute('data-wear', 'w-2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Wear label' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accessories' }));
    expect(getClientSettings().selectedWearLabel).toBe('7');
    expect(screen.getAllByTestId('wear-model')).toHaveLength(1);
  });
});
