import { emptyFilters, funnelByOf, withFilters, withFunnelBy } from './filters';
import { downloadRate, funnelStages } from './funnel';

describe('the statistics funnel', () => {
  it('takes each step as a share of the one before', () => {
    expect(funnelStages({ views: 1000, favorites: 120, cadDownloads: 30, orders: 45 })).toEqual([
      { step: 'views', count: 1000, previous: null, share: null },
      { step: 'favorites', count: 120, previous: 'views', share: 0.12 },
      { step: 'cadDownloads', count: 30, previous: 'favorites', share: 0.25 },
      { step: 'orders', count: 45, previous: 'cadDownloads', share: 1.5 },
    ]);
  });

  it('gives no share after a step of 0', () => {
    const stages = funnelStages({ views: 0, favorites: 3, cadDownloads: 0, orders: 0 });
    expect(stages.map((stage) => stage.share)).toEqual([null, null, 0, null]);
  });

  it('counts the CAD downloads per view, none without views', () => {
    expect(downloadRate({ views: 200, cadDownloads: 50 })).toBe(0.25);
    expect(downloadRate({ views: 0, cadDownloads: 2 })).toBeNull();
  });

  it('keeps per company in the URL and leaves the default (per design) out', () => {
    expect(funnelByOf(new URLSearchParams(''))).toBe('design');
    expect(funnelByOf(new URLSearchParams('by=company'))).toBe('company');
    expect(funnelByOf(new URLSearchParams('by=colorway'))).toBe('design');
    const params = withFunnelBy(new URLSearchParams('tab=funnel&range=4'), 'company');
    expect(params.toString()).toBe('tab=funnel&range=4&by=company');
    // Clearing the filters keeps the rows chosen.
    expect(withFilters(params, emptyFilters).toString()).toBe('tab=funnel&by=company');
    expect(withFunnelBy(params, 'design').toString()).toBe('tab=funnel&range=4');
  });
});
