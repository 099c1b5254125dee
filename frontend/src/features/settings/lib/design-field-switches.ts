import type { DesignFields } from '@/types/reference';

/** The switches of "What customers see", in screen order: the named fields, then Parameter 1 to 10. */
export type FieldSwitch = { id: string; kind: 'field'; field: Exclude<keyof DesignFields, 'dynamicParameters'> } | { id: string; kind: 'parameter'; index: number };

export const DYNAMIC_PARAMETER_COUNT = 10;

export const fieldSwitches: FieldSwitch[] = [
  { id: 'notes', kind: 'field', field: 'notes' },
  { id: 'originalName', kind: 'field', field: 'originalName' },
  { id: 'studio', kind: 'field', field: 'studio' },
  { id: 'closedCountries', kind: 'field', field: 'closedCountries' },
  ...Array.from({ length: DYNAMIC_PARAMETER_COUNT }, (_, index): FieldSwitch => ({ id: `dp${index}`, kind: 'parameter', index })),
];

/** The settings with ten parameter flags, whatever the server sent (a missing flag reads as shown, the server's default). */
export function normalised(fields: DesignFields): DesignFields {
  return { ...fields, dynamicParameters: Array.from({ length: DYNAMIC_PARAMETER_COUNT }, (_, index) => fields.dynamicParameters?.[index] ?? true) };
}

export function isOn(fields: DesignFields, item: FieldSwitch): boolean {
  return item.kind === 'field' ? fields[item.field] : fields.dynamicParameters[item.index] === true;
}

export function withSwitch(fields: DesignFields, item: FieldSwitch, on: boolean): DesignFields {
  if (item.kind === 'field') return { ...fields, [item.field]: on };
  return { ...fields, dynamicParameters: fields.dynamicParameters.map((value, index) => (index === item.index ? on : value)) };
}

export function sameFields(a: DesignFields, b: DesignFields): boolean {
  return fieldSwitches.every((item) => isOn(a, item) === isOn(b, item));
}
