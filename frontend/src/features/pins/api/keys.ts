/** The pins screen's query and mutation keys. */
export const pinKeys = {
  /** GET /admin/pins. */
  list: ['pins', 'list'] as const,
  /** PUT /admin/pins, every save of the list. */
  save: ['pins', 'save'] as const,
};
