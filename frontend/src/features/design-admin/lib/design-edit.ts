import { dynamicParameterKeys, type DesignHeader, type RepeatDirection, type RepeatOffset, type ScreenStatus } from '@/types/design';
import type { DesignEdit } from '../types';

export const repeatOffsets: readonly RepeatOffset[] = ['none', '1/2', '1/3', '1/4', 'custom'];
export const repeatDirections: readonly RepeatDirection[] = ['horizontal', 'vertical', 'none'];
export const screenStatuses: readonly ScreenStatus[] = ['engraved', 'not_engraved', 'faded', 'none'];

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The edit form filled from a design header (staff get every field; the parameters come by key, the form keeps them in order). */
export function editOf(header: DesignHeader): DesignEdit {
  const parameters = dynamicParameterKeys.map((key) => header.dynamicParameters?.[key] ?? '');
  return {
    repeatOffset: oneOf(repeatOffsets, header.repeatOffset?.offset ?? 'none', 'none'),
    repeatDirection: oneOf(repeatDirections, header.repeatOffset?.direction ?? 'none', 'none'),
    repeatOffsetCustomValue: header.repeatOffset?.customValue === null || header.repeatOffset?.customValue === undefined ? '' : String(header.repeatOffset.customValue),
    isConfined: header.isConfined,
    screenStatus: oneOf(screenStatuses, header.moldState, 'none'),
    originalName: header.originalName ?? '',
    studio: header.designStudio ?? '',
    notes: header.notes ?? '',
    customerId: header.customer?.customerGuid ?? '',
    labelIDs: header.labels.map((label) => label.id),
    closedCountries: header.closedCountries ?? [],
    ownedExtra: Boolean(header.ownedExtra),
    dynamicParameters: parameters,
  };
}

/** Whether two edits send the same fields (a custom offset value not in use does not count). */
export function sameEdit(a: DesignEdit, b: DesignEdit): boolean {
  const sent = (edit: DesignEdit) => ({ ...edit, repeatOffsetCustomValue: edit.repeatOffset === 'custom' ? edit.repeatOffsetCustomValue.trim() : '', customerId: edit.customerId.trim() });
  return JSON.stringify(sent(a)) === JSON.stringify(sent(b));
}

export type EditField = keyof DesignEdit;

/** The form field a server `field` names (`isScreenEngraved` is the older name of the screen status). */
export function editFieldOf(field: string | undefined): EditField | null {
  if (!field) return null;
  if (field === 'isScreenEngraved') return 'screenStatus';
  const fields: readonly string[] = [
    'repeatOffset',
    'repeatDirection',
    'repeatOffsetCustomValue',
    'isConfined',
    'screenStatus',
    'originalName',
    'studio',
    'notes',
    'customerId',
    'labelIDs',
    'closedCountries',
    'ownedExtra',
    'dynamicParameters',
  ];
  return fields.includes(field) ? (field as EditField) : null;
}
