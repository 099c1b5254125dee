/**
 * The label screens' query keys, under the `labels` root: a label change (api/reference/invalidate.ts
 * afterLabelChange) reaches them with every other labels list, and a design edit marks them stale
 * (the counts and what is left to label follow the designs).
 */
export const labelKeys = {
  /** GET /admin/labels: every label with its three names and counts. */
  manage: ['labels', 'manage'] as const,
  /** GET /admin/tags/unlabeled?name=: the design reserved for this admin, per design name filter. */
  unlabeled: (name: string) => ['labels', 'tagging', name] as const,
};
