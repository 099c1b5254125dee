import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare } from '@/lib/format';
import { chooserView, type ChipItem } from '../lib/label-groups';
import { nameIn } from '../lib/names';
import type { AdminLabel, LabelSuggestion } from '../types';

type Props = {
  labels: readonly AdminLabel[];
  suggestions: readonly LabelSuggestion[];
  /** The chosen label ids, in the order they were chosen. */
  chosen: readonly number[];
  onToggle: (labelId: number) => void;
  /** Enter with nothing typed or highlighted: save and next. */
  onSave: () => void;
};

const knownSources = ['similar', 'palette'] as const;

/**
 * Every label as a chip to toggle, under its group header, the suggestions first; made for the
 * keyboard. The filter field has the focus: typing narrows the chips and highlights the best match,
 * ↑/↓ move the highlight, Enter toggles it (or, with nothing typed or highlighted, saves), 1–9 toggle
 * the numbered suggestions, Esc clears. A click toggles too, and gives the focus back to the filter.
 */
export function LabelChooser({ labels, suggestions, chosen, onToggle, onSave }: Props) {
  const { t, i18n } = useTranslation('labels');
  const locale = i18n.resolvedLanguage;
  const [query, setQuery] = useState('');
  // The chip reached with the arrow keys; none means the best match of the filter.
  const [cursor, setCursor] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const prefix = useId();
  const helpId = useId();
  const chipId = (key: string) => `${prefix}-${key}`;

  const view = useMemo(() => chooserView(labels, suggestions, query, (label) => nameIn(label, locale), locale), [labels, suggestions, query, locale]);
  const highlighted = (cursor !== null ? view.items.find((item) => item.key === cursor) : undefined) ?? view.bestMatch;
  const chosenSet = new Set(chosen);
  const byId = new Map(labels.map((label) => [label.id, label]));
  const chosenNames = chosen.flatMap((id) => {
    const label = byId.get(id);
    return label ? [nameIn(label, locale)] : [];
  });

  useEffect(() => {
    if (highlighted) document.getElementById(chipId(highlighted.key))?.scrollIntoView?.({ block: 'nearest' });
    // chipId is derived from the stable prefix.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlighted?.key]);

  const filterBy = (text: string) => {
    setQuery(text);
    setCursor(null);
  };

  const move = (step: 1 | -1) => {
    const { items } = view;
    if (items.length === 0) return;
    const index = highlighted ? items.findIndex((item) => item.key === highlighted.key) : -1;
    const next = index < 0 ? (step > 0 ? 0 : items.length - 1) : Math.min(Math.max(index + step, 0), items.length - 1);
    setCursor(items[next]!.key);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl+Enter belongs to the tagger around (save and next).
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (highlighted) {
        onToggle(highlighted.labelId);
        // A typed filter has done its work; a highlight walked to with the arrows stays for the next one.
        if (query) filterBy('');
      } else if (!query.trim()) onSave();
    } else if (event.key === 'Escape') {
      if (query || cursor) {
        event.preventDefault();
        filterBy('');
      }
    } else if (!query && /^[1-9]$/.test(event.key)) {
      const suggestion = view.suggestions[Number(event.key) - 1];
      if (suggestion) {
        event.preventDefault();
        onToggle(suggestion.labelId);
      }
    }
  };

  // A click leaves the focus where typing goes on; a chip pressed with the keyboard keeps it.
  const clickToggle = (labelId: number) => (event: MouseEvent) => {
    onToggle(labelId);
    if (event.detail > 0) input.current?.focus();
  };

  const chip = (item: ChipItem, content: ReactNode, extra: { 'aria-label'?: string; title?: string } = {}) => {
    const selected = chosenSet.has(item.labelId);
    const isHighlighted = highlighted?.key === item.key;
    return (
      <Chip
        key={item.key}
        id={chipId(item.key)}
        label={content}
        clickable
        onClick={clickToggle(item.labelId)}
        color={selected ? 'primary' : 'default'}
        variant={selected ? 'filled' : 'outlined'}
        aria-pressed={selected}
        data-testid="label-chip"
        data-highlighted={isHighlighted || undefined}
        {...extra}
        sx={isHighlighted ? { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: '2px' } : undefined}
      />
    );
  };

  const section = (key: string, title: string, chips: ReactNode, testId: string) => (
    <Box key={key} component="section" aria-labelledby={`${prefix}-title-${key}`} data-testid={testId}>
      <Typography variant="subtitle2" component="h3" id={`${prefix}-title-${key}`} color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>{chips}</Box>
    </Box>
  );

  const list = new Intl.ListFormat(locale, { style: 'short', type: 'unit' });
  const selectable = labels.some((label) => !label.isGroupHeader);

  return (
    <Stack spacing={1.5}>
      <TextField
        autoFocus
        inputRef={input}
        size="small"
        margin="none"
        label={t('tagging.find')}
        value={query}
        onChange={(event) => filterBy(event.target.value)}
        slotProps={{
          htmlInput: {
            onKeyDown: keyDown,
            autoComplete: 'off',
            'aria-describedby': helpId,
            'aria-activedescendant': highlighted ? chipId(highlighted.key) : undefined,
          },
        }}
      />
      <Typography id={helpId} variant="caption" color="text.secondary" data-testid="tagging-help">
        {t('tagging.help')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, maxHeight: { md: '55vh' }, overflowY: 'auto', p: 0.5 }}>
        {view.suggestions.length > 0 &&
          section(
            'suggested',
            t('tagging.suggested'),
            view.suggestions.map((suggestion) => {
              const confidence = formatShare(suggestion.confidence, locale);
              return chip(
                suggestion,
                <>
                  <Box component="kbd" sx={{ font: 'inherit', fontWeight: 700, mr: 0.75 }}>
                    {suggestion.shortcut}
                  </Box>
                  {suggestion.name}
                  <Box component="span" sx={{ ml: 0.75, opacity: 0.75 }} data-testid="suggestion-confidence">
                    {confidence}
                  </Box>
                </>,
                {
                  'aria-label': t('tagging.suggestion', { name: suggestion.name, confidence }),
                  title: (knownSources as readonly string[]).includes(suggestion.source) ? t(`tagging.sources.${suggestion.source as (typeof knownSources)[number]}`) : undefined,
                },
              );
            }),
            'label-suggestions',
          )}
        {view.sections.map(({ header, items }) =>
          section(
            header ? `group-${header.id}` : 'ungrouped',
            header ? nameIn(header, locale) : t('tagging.otherLabels'),
            items.map((item) => chip(item, item.name)),
            'label-group',
          ),
        )}
        {query.trim() && view.items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('tagging.noMatch', { query: query.trim() })}
          </Typography>
        )}
        {!selectable && (
          <Typography variant="body2" color="text.secondary">
            {t('tagging.noLabels')}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" aria-live="polite" data-testid="tagging-chosen">
        {chosenNames.length > 0 ? t('tagging.chosen', { names: list.format(chosenNames) }) : t('tagging.noneChosen')}
      </Typography>
    </Stack>
  );
}
