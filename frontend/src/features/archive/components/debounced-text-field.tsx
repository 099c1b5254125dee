import { useEffect, useEffectEvent, useState, type ComponentProps } from 'react';
import { OutlinedTextField } from '@/components/outlined-fields';

export const TYPING_DELAY_MS = 400;

type Props = Omit<ComponentProps<typeof OutlinedTextField>, 'value' | 'onChange' | 'onKeyDown' | 'inputAttributes'> & {
  /** The committed value (from the URL). */
  value: string;
  /** Called once typing pauses, or at once on Enter. */
  onCommit: (value: string) => void;
  delay?: number;
  testId?: string;
};

/** A text filter: searches once typing pauses; follows the committed value when it changes elsewhere (clear, back button). */
export function DebouncedTextField({ value, onCommit, delay = TYPING_DELAY_MS, testId, ...props }: Props) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    if (value !== draft.trim()) setDraft(value);
  }

  const commit = useEffectEvent((text: string) => onCommit(text));

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = window.setTimeout(() => commit(draft), delay);
    return () => window.clearTimeout(timer);
  }, [draft, value, delay]);

  return (
    <OutlinedTextField
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && draft.trim() !== value) {
          event.preventDefault();
          onCommit(draft);
        }
      }}
      inputAttributes={{ 'data-testid': testId }}
    />
  );
}
