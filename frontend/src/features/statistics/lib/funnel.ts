import { funnelSteps, type FunnelCounts, type FunnelStep } from '../types';

/** The steps that have a step after them. */
export type FunnelBase = Exclude<FunnelStep, 'orders'>;

/** A step of the funnel: its count and its share of the step before (none for the first, or when that one is 0). */
export type FunnelStage = { step: FunnelStep; count: number; previous: FunnelBase | null; share: number | null };

/** Views → favorites → CAD downloads → orders, each with its share of the one before (which may pass 100 %: the steps are counted apart). */
export function funnelStages(counts: FunnelCounts): FunnelStage[] {
  return funnelSteps.map((step, index) => {
    // The step before any step is not the last one.
    const previous = index > 0 ? (funnelSteps[index - 1] as FunnelBase) : null;
    const base = previous ? counts[previous] : 0;
    return { step, count: counts[step], previous, share: previous && base > 0 ? counts[step] / base : null };
  });
}

/** The table's conversion: CAD downloads per view (orders are 0 under a user filter); null without views. */
export function downloadRate({ views, cadDownloads }: Pick<FunnelCounts, 'views' | 'cadDownloads'>): number | null {
  return views > 0 ? cadDownloads / views : null;
}
