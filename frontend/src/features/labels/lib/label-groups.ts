import type { AdminLabel, LabelSuggestion } from '../types';

/** A group header and its members; `header` null holds the labels without a group. */
export type LabelSection = { header: AdminLabel | null; labels: AdminLabel[] };

/** A label's group: its header's id; a header's own groupId is ignored (a header cannot be in a group). */
function groupOf(label: AdminLabel, headerIds: ReadonlySet<number>): number | null {
  return !label.isGroupHeader && label.groupId !== null && headerIds.has(label.groupId) ? label.groupId : null;
}

/**
 * The labels as the tagging screen and the group choice show them: each group header with its
 * members, in the server's order (header, then its members by name), then the labels without a
 * group. Headers without members are kept (the management table shows them).
 */
export function labelSections(labels: readonly AdminLabel[]): LabelSection[] {
  const headers = labels.filter((label) => label.isGroupHeader);
  const headerIds = new Set(headers.map((header) => header.id));
  const sections: LabelSection[] = headers.map((header) => ({ header, labels: labels.filter((label) => groupOf(label, headerIds) === header.id) }));
  const ungrouped = labels.filter((label) => !label.isGroupHeader && groupOf(label, headerIds) === null);
  if (ungrouped.length > 0) sections.push({ header: null, labels: ungrouped });
  return sections;
}

/** Lower case in the interface's language (Turkish İ/ı), without accents: "cicek" finds "Çiçek", "ежик" finds "Ёжик". */
export function foldText(text: string, locale: string | undefined): string {
  return text.toLocaleLowerCase(locale).normalize('NFD').replace(/\p{M}/gu, '');
}

/** One chip the keyboard can reach: a suggestion or a label of a section (a label may be both). */
export type ChipItem = { key: string; labelId: number; name: string };

export type ChooserView = {
  /** The suggestions shown (none while a filter is typed: the matches below hold them). */
  suggestions: (ChipItem & { confidence: number; source: string; shortcut: number })[];
  sections: { header: AdminLabel | null; items: ChipItem[] }[];
  /** Every chip in the order the arrow keys walk them. */
  items: ChipItem[];
  /** The chip Enter toggles when nothing was chosen with the arrows: the first match starting with the filter, else the first match. */
  bestMatch: ChipItem | null;
};

/** How many suggestions the number keys reach (1 to 9). */
export const SHORTCUTS = 9;

/**
 * What the label chooser shows for `query`: with no filter, the suggestions (known, selectable
 * labels only) and every section; with one, the labels whose name (as shown) holds it, in their sections.
 */
export function chooserView(
  labels: readonly AdminLabel[],
  suggestions: readonly LabelSuggestion[],
  query: string,
  nameOf: (label: AdminLabel) => string,
  locale: string | undefined,
): ChooserView {
  const wanted = foldText(query.trim(), locale);
  const byId = new Map(labels.map((label) => [label.id, label]));
  const item = (prefix: string, label: AdminLabel): ChipItem => ({ key: `${prefix}-${label.id}`, labelId: label.id, name: nameOf(label) });
  const shownSuggestions = wanted
    ? []
    : suggestions
        .flatMap((suggestion) => {
          const label = byId.get(suggestion.labelId);
          return label && !label.isGroupHeader ? [{ ...item('suggestion', label), confidence: suggestion.confidence, source: suggestion.source }] : [];
        })
        .filter((suggestion, index, all) => all.findIndex((other) => other.labelId === suggestion.labelId) === index)
        .map((suggestion, index) => ({ ...suggestion, shortcut: index + 1 }));
  const sections = labelSections(labels)
    .map(({ header, labels: members }) => ({
      header,
      items: members.map((label) => item('label', label)).filter((chip) => !wanted || foldText(chip.name, locale).includes(wanted)),
    }))
    .filter((section) => section.items.length > 0);
  const matches = sections.flatMap((section) => section.items);
  const bestMatch = wanted ? (matches.find((chip) => foldText(chip.name, locale).startsWith(wanted)) ?? matches[0] ?? null) : null;
  return { suggestions: shownSuggestions, sections, items: [...shownSuggestions, ...matches], bestMatch };
}
