import type { TFunction } from 'i18next';
import type { MoodImage } from '../types';

/** An image described by what is tagged on it: "Mood image 3: 01-0559 VR-2, 01-0600 VR-1". */
export function moodImageLabel(t: TFunction<'collections'>, image: MoodImage, index: number): string {
  const number = index + 1;
  if (image.colorways.length === 0) return t('moods.image', { number });
  const colorways = image.colorways.map((tag) => `${tag.designName} ${tag.colorwayName}`).join(', ');
  return t('moods.imageWith', { number, colorways });
}
