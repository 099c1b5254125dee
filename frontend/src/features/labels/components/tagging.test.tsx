import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { changeLocale } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { signInAdmin, taggedDesign, taggingServer } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

async function openTagging(options: Parameters<typeof taggingServer>[0] = {}) {
  signInAdmin();
  const { sent } = taggingServer(options);
  const user = userEvent.setup();
  renderApp('/admin/labels');
  await screen.findByTestId('tagging-design', {}, SLOW);
  return { user, sent };
}

const filterField = () => screen.getByRole('textbox', { name: 'Find a label' });
const chip = (name: string) => screen.getByRole('button', { name });
const patches = (sent: { method: string; body: unknown }[]) => sent.filter((request) => request.method === 'PATCH').map((request) => request.body);

describe('admin design labeling: the tagging tab', () => {
  afterEach(async () => {
    // Unmounted first: the language change would otherwise re-render a screen outside act().
    cleanup();
    await changeLocale('en');
  });

  it('shows the reserved design large with its number and file name, the progress, and every label under its group', async () => {
    await openTagging();
    expect(screen.getByRole('heading', { level: 1, name: 'Design Labeling' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Label designs', selected: true })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Design 01-0001' });
    expect(image).toHaveAttribute('src', '/service/image/preview/d-1');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '800');
    expect(screen.getByTestId('tagging-design-number')).toHaveTextContent('01-0001');
    expect(screen.getByTestId('tagging-design-original-name')).toHaveTextContent('design_1.tif');

    // 1,231 done of 1,234: numbers in the user's format, and the bar.
    expect(screen.getByTestId('tagging-progress')).toHaveTextContent('1,231 labeled · 3 left · 1,234 designs');
    expect(screen.getByRole('progressbar', { name: 'Labeled designs' })).toHaveAttribute('aria-valuenow', String((1231 / 1234) * 100));

    // The filter has the focus, and the help line says the keys.
    expect(filterField()).toHaveFocus();
    expect(filterField()).toHaveAccessibleDescription(/Ctrl\+Enter, or Enter with nothing typed, saves and shows the next design/);

    // Suggestions first, with their confidence; then the groups, whose headers are titles, not chips.
    const sections = screen.getAllByRole('region');
    expect(sections.map((section) => within(section).getByRole('heading').textContent)).toEqual(['Suggested', 'Colour', 'Motif', 'Other labels']);
    expect(within(sections[0]!).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Suggested: Floral (87%)',
      'Suggested: Red (42%)',
    ]);
    expect(within(sections[1]!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Blue', 'Red']);
    expect(within(sections[2]!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Floral', 'Stripes']);
    expect(within(sections[3]!).getAllByRole('button').map((button) => button.textContent)).toEqual(['Vintage']);
    expect(screen.queryByRole('button', { name: 'Colour' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Motif' })).not.toBeInTheDocument();
  });

  it('chooses labels with the keyboard alone and saves with Ctrl+Enter: the next design comes with nothing chosen', async () => {
    const { user, sent } = await openTagging();

    // Typing narrows the chips and highlights the best match; Enter toggles it and clears the filter.
    await user.keyboard('str');
    expect(screen.getAllByTestId('label-chip').map((element) => element.textContent)).toEqual(['Stripes']);
    expect(chip('Stripes')).toHaveAttribute('data-highlighted', 'true');
    expect(filterField()).toHaveAttribute('aria-activedescendant', chip('Stripes').id);
    await user.keyboard('{Enter}');
    expect(chip('Stripes')).toHaveAttribute('aria-pressed', 'true');
    expect(filterField()).toHaveValue('');

    // Arrows walk the chips (the suggestions first); Enter toggles the one reached.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(chip('Blue')).toHaveAttribute('data-highlighted', 'true');
    await user.keyboard('{Enter}');
    expect(chip('Blue')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(chip('Blue')).not.toHaveAttribute('data-highlighted');

    // A number key toggles that suggestion; pressed again, it is taken back.
    await user.keyboard('1');
    expect(chip('Floral')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Suggested: Floral (87%)')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('2');
    await user.keyboard('2');
    expect(chip('Red')).toHaveAttribute('aria-pressed', 'false');
    expect(filterField()).toHaveValue('');
    expect(screen.getByTestId('tagging-chosen')).toHaveTextContent('Chosen: Stripes, Blue, Floral');

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('tagging-design-number')).toHaveTextContent('01-0002'));
    expect(patches(sent)).toEqual([{ designGuid: 'd-1', labelIds: [22, 12, 21] }]);
    expect(screen.getByTestId('tagging-progress')).toHaveTextContent('1,232 labeled · 2 left · 1,234 designs');
    expect(screen.getByTestId('tagging-chosen')).toHaveTextContent('No label chosen yet.');
    expect(screen.getAllByTestId('label-chip').filter((element) => element.getAttribute('aria-pressed') === 'true')).toEqual([]);
    expect(filterField()).toHaveFocus();

    // Enter with nothing typed or highlighted saves too.
    await user.keyboard('vin{Enter}{Enter}');
    await waitFor(() => expect(screen.getByTestId('tagging-design-number')).toHaveTextContent('01-0003'));
    expect(patches(sent)).toEqual([
      { designGuid: 'd-1', labelIds: [22, 12, 21] },
      { designGuid: 'd-2', labelIds: [30] },
    ]);
  });

  it('says "You haven\'t made a selection!" for a save with nothing chosen, and in the same words when the server says so', async () => {
    const { user, sent } = await openTagging({
      refuse: (body) =>
        body.labelIds.includes(30) ? HttpResponse.json({ code: 'label_selection_required', message: 'no labels' }, { status: 400 }) : undefined,
    });
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('tagging-problem')).toHaveTextContent("You haven't made a selection!");
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(screen.getByTestId('tagging-problem')).toHaveTextContent("You haven't made a selection!");
    expect(patches(sent)).toEqual([]);

    // Choosing a label takes the message away.
    await user.click(chip('Vintage'));
    expect(screen.queryByTestId('tagging-problem')).not.toBeInTheDocument();
    expect(filterField()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(screen.getByTestId('tagging-problem')).toHaveTextContent("You haven't made a selection!"));
    expect(patches(sent)).toEqual([{ designGuid: 'd-1', labelIds: [30] }]);
    expect(screen.getByTestId('tagging-design-number')).toHaveTextContent('01-0001');
  });

  it('selects a suggestion with one click and saves it with the button', async () => {
    const { user, sent } = await openTagging();
    await user.click(chip('Suggested: Floral (87%)'));
    expect(chip('Floral')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Suggested: Floral (87%)')).toHaveAttribute('title', 'From similar designs');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(screen.getByTestId('tagging-design-number')).toHaveTextContent('01-0002'));
    expect(patches(sent)).toEqual([{ designGuid: 'd-1', labelIds: [21] }]);
  });

  it('skips a design: asks for the next one passing over it', async () => {
    const { user, sent } = await openTagging();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.getByTestId('tagging-design-number')).toHaveTextContent('01-0002'));
    expect(sent.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual(['/admin/tags/unlabeled', '/admin/tags/unlabeled?skip=d-1']);
    expect(patches(sent)).toEqual([]);
  });

  it('narrows the designs by a name, and sends the name with each save', async () => {
    const { user, sent } = await openTagging();
    await user.type(screen.getByRole('searchbox', { name: 'Filter designs by number or file name' }), '01-00');
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/admin/tags/unlabeled?name=01-00'));
    await screen.findByTestId('tagging-design', {}, SLOW);
    await user.click(chip('Red'));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(patches(sent)).toEqual([{ designGuid: 'd-1', labelIds: [11], name: '01-00' }]));
  });

  it('says every design has a label when none is left', async () => {
    signInAdmin();
    taggingServer({ queue: [], total: 40 });
    renderApp('/admin/labels');
    expect(await screen.findByTestId('tagging-done', {}, SLOW)).toHaveTextContent('Every design has a label');
    expect(screen.getByTestId('tagging-progress')).toHaveTextContent('40 labeled · 0 left · 40 designs');
    expect(screen.queryByTestId('tagging-design')).not.toBeInTheDocument();
  });

  it('speaks Turkish: names, numbers and percentages in Turkish form', async () => {
    await changeLocale('tr');
    const { user } = await openTagging({ queue: [taggedDesign(1)], total: 1234 });
    expect(screen.getByTestId('tagging-progress')).toHaveTextContent('1.233 etiketlendi · 1 kaldı · toplam 1.234 desen');
    expect(chip('Önerilen: Çiçekli (%87)')).toBeInTheDocument();
    // Turkish lower case: "ÇİÇ" finds Çiçekli.
    await user.keyboard('ÇİÇ{Enter}');
    expect(chip('Çiçekli')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Kaydet ve sonraki' }));
    expect(await screen.findByTestId('tagging-done')).toHaveTextContent('Her desenin bir etiketi var');
  });
});
