/** The CAD query keys, under one root. */
export const cadKeys = {
  all: ['cad'] as const,
  /** GET /cad/rights: the user's rights and formats. */
  rights: ['cad', 'rights'] as const,
  /** GET /cad/downloads/{id}: one download-all zip's progress. */
  bundle: (id: string) => ['cad', 'bundle', id] as const,
};
