/** The query keys of the design page. */
export const designKeys = {
  all: ['design'] as const,
  /** A design header in one language (labels and archive names are translated by the server). */
  header: (id: string, language: string) => ['design', 'header', id, language] as const,
};
