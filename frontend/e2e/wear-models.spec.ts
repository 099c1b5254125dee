import { expect, test, type Locator } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { searchAll, signInApi, type StaffResult } from './support/api';
import { accounts } from './support/env';

/**
 * The design at true scale. Needs the demo archive (its wear models: dress, shirt, scarf, cushion)
 * and an open design of at least two colorways.
 */
const { tailor, wearer } = accounts;

/** The image has been drawn (not a broken image). */
async function expectDrawn(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);
}

test('a customer sees a design in repeat, on 150 cm fabric, at print size and worn; a disabled wear model disappears', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Staff set the design's repeat to a half-drop (as the design edit modal does).
  const staff = await signInApi(page.request, tailor.email, tailor.password);
  const open = ((await searchAll(staff, { order: '2' })) as StaffResult[]).filter((d) => !d.isConfined && d.colorwayCount >= 2);
  const design = open[0];
  if (!design) throw new Error('the demo archive should hold an open design with two colorways');
  await staff.put(`/design/header/${design.designGuid}`, { repeatDirection: 'vertical', repeatOffset: '1/2' });

  const customer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(customer, wearer.email, wearer.password);
  await expectGreeting(customer, wearer.name);
  await customer.goto(`/design/${design.designGuid}`);
  await expect(customer.getByTestId('design-page')).toBeVisible();

  // Repeated view: the half-drop plane in the zoomable viewer.
  await customer.getByRole('tab', { name: 'Repeat' }).click();
  const repeat = customer.getByTestId('repeat-view');
  await expect(repeat).toHaveAttribute('data-shift', 'drop');
  await expect(repeat.getByTestId('repeat-kind')).toHaveText('Drop repeat (1/2)');
  await expect(repeat.getByTestId('zoom-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });

  // 150 cm fabric: the ruler says 150 cm and the fabric is drawn.
  await customer.getByRole('tab', { name: '150 cm' }).click();
  const fabric = customer.getByTestId('fabric-view');
  await expect(fabric.getByTestId('fabric-ruler')).toHaveAttribute('data-width-cm', '150');
  await expect(fabric.getByTestId('fabric-ruler')).toContainText('150 cm');
  await expectDrawn(fabric.getByTestId('fabric-image'));

  // Print size: approximate until calibrated with a bank card; the calibration is kept.
  await customer.getByRole('tab', { name: 'Print size' }).click();
  const print = customer.getByTestId('print-size-view');
  await expect(print.getByTestId('print-approximate')).toBeVisible();
  await print.getByRole('button', { name: 'Calibrate the screen' }).click();
  const slider = print.getByRole('slider', { name: 'Bar width' });
  await slider.focus();
  for (let i = 0; i < 20; i += 1) await customer.keyboard.press('ArrowRight');
  await print.getByRole('button', { name: 'The bar matches my card' }).click();
  await expect(print).toHaveAttribute('data-calibrated', 'true');
  await expect(print.getByTestId('print-approximate')).toBeHidden();
  await expectDrawn(print.getByTestId('print-size-image'));
  await customer.reload();
  await expect(customer.getByTestId('print-size-view')).toHaveAttribute('data-calibrated', 'true');

  // Wear: the scarf, then another colorway: the render changes.
  await customer.getByRole('tab', { name: 'Wear' }).click();
  await customer.getByRole('radio', { name: 'Scarf' }).click();
  const render = customer.getByTestId('wear-render');
  await expect(render).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
  const first = await render.getAttribute('src');
  expect(first).toContain('/service/wear/render/');
  const second = design.colorways[1];
  if (!second) throw new Error('a second colorway');
  await customer.getByRole('button', { name: `Show colorway ${second.colorwayName}` }).click();
  await expect(render).toHaveAttribute('data-colorway', second.colorwayGuid);
  await expect(render).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
  expect(await render.getAttribute('src')).not.toBe(first);

  // The admin disables the scarf; the customer no longer has it.
  await signInAsAdmin(page, tailor);
  await page.goto('/admin/wear-models');
  const toggle = page.getByRole('switch', { name: /Scarf/ });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await customer.reload();
  await expect(customer.getByRole('radio', { name: 'Dress' })).toBeVisible();
  await expect(customer.getByRole('radio', { name: 'Scarf' })).toHaveCount(0);
});
