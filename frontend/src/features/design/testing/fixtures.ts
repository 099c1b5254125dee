import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { designHeader } from '@/testing/design-header';
import { testUser, validAnswer } from '@/testing/fixtures';
import { formOf, server } from '@/testing/server';
import type { DesignHeader } from '@/types/design';

/** A rotary design with everything set: screens, palette, orders, repeat, confinement, texts. */
export function rotaryHeader(overrides: Partial<DesignHeader> = {}): DesignHeader {
  const base = designHeader();
  const [first, second] = base.colorways;
  return designHeader({
    designType: 'rotary',
    moldState: 'engraved',
    isConfined: true,
    channelCount: 4,
    colorways: [
      {
        ...first!,
        colorizables: [
          { channel: 1, name: 'Red', color: '#c03040' },
          { channel: 2, name: 'Navy', color: '#202a44' },
        ],
        palette: [
          { rgb: '#202a44', l: 17, a: 2, b: -16, share: 0.25 },
          { rgb: '#c03040', l: 45, a: 60, b: 30, share: 0.6 },
          { rgb: '#f1ead8', l: 93, a: 0, b: 9, share: 0.15 },
        ],
      },
      second!,
    ],
    repeatOffset: { direction: 'vertical', offset: '1/2', customValue: null, horizontal: null, vertical: '1/2' },
    customer: { customerGuid: 'cu-1', customerName: 'Bursa Tekstil' },
    notes: 'Repeat checked\nby the studio',
    dynamicParameters: { ...base.dynamicParameters, dp3: 'silk' },
    orders: [
      { customer: 'Bursa Tekstil', amount: 1200, unit: 'm', orderType: 'production', orderedAt: '2024-03-04T09:30:00Z' },
      { customer: null, amount: 12.5, unit: 'm', orderType: 'sample', orderedAt: '2024-11-20T14:00:00Z' },
    ],
    ...overrides,
  });
}

/** A signed-in customer (no admin rights). */
export function signedInCustomer() {
  setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
}

/**
 * The server of the design page: the header (or 404 `design_not_found`) and the colorway view
 * metric. Returns what the page sent, in order. Any other call answers 500 (other screens the page
 * may lead to, such as the archive search, are not under test here).
 */
export function designServer(header: DesignHeader | 'not-found' = designHeader()) {
  const headerForms: Record<string, string>[] = [];
  const views: Record<string, string>[] = [];
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())),
    http.post('*/service/design/header', async ({ request }) => {
      headerForms.push(await formOf(request));
      if (header === 'not-found') return HttpResponse.json({ code: 'design_not_found', message: 'design not found' }, { status: 404 });
      return HttpResponse.json(header);
    }),
    http.post('*/service/metrics/record', async ({ request }) => {
      views.push(await formOf(request));
      return new HttpResponse(null, { status: 204 });
    }),
    http.all('*/service/*', () => HttpResponse.json({ code: 'internal', message: 'not under test' }, { status: 500 })),
  );
  return { headerForms, views };
}
