import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from '@/lib/storage';

/** A bank card's width (ISO/IEC 7810 ID-1), the calibration's yardstick. */
export const CARD_WIDTH_CM = 8.56;
/** CSS's own reference: 96 px to the inch. Right on few screens: the size is then approximate. */
export const NOMINAL_PX_PER_CM = 96 / 2.54;

/** How many CSS pixels make a centimetre on this screen, and whether a user measured it. */
export type PrintScale = { pxPerCm: number; calibrated: boolean };

function readAll(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readStored(storageKeys.printScale) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
const cache = new Map<string, PrintScale>();

/** The scale kept for `user` in this browser (a calibration belongs to one screen and one person). */
export function printScaleOf(user: string): PrintScale {
  const known = cache.get(user);
  if (known) return known;
  const value = readAll()[user];
  const scale = typeof value === 'number' && value > 5 && value < 500 ? { pxPerCm: value, calibrated: true } : { pxPerCm: NOMINAL_PX_PER_CM, calibrated: false };
  cache.set(user, scale);
  return scale;
}

/** Keeps a calibration (`null` forgets it). */
export function savePrintScale(user: string, pxPerCm: number | null): void {
  const all = readAll();
  if (pxPerCm === null) delete all[user];
  else all[user] = Math.round(pxPerCm * 1000) / 1000;
  writeStored(storageKeys.printScale, JSON.stringify(all));
  cache.delete(user);
  listeners.forEach((listener) => listener());
}

export function usePrintScale(user: string): PrintScale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => printScaleOf(user),
  );
}

/** CSS pixels per cm from a screen's diagonal in inches and its size in CSS pixels. */
export function pxPerCmFromDiagonal(diagonalInches: number, widthPx: number, heightPx: number): number {
  return Math.hypot(widthPx, heightPx) / diagonalInches / 2.54;
}
