import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { moveItem } from '@/lib/move-item';
import { ArrowDownwardIcon } from './icons/arrow-downward-icon';
import { ArrowUpwardIcon } from './icons/arrow-upward-icon';
import { DeleteIcon } from './icons/delete-icon';
import { Thumbnail } from './thumbnail';

export type OrderedDesign = { designGuid: string; designName: string; thumbnail?: string | null; originalName?: string | null };

/** The list's words, in the caller's namespace: each button is named after its design. */
export type OrderedDesignTexts = {
  list: string;
  empty: string;
  moveUp: (name: string) => string;
  moveDown: (name: string) => string;
  remove: (name: string) => string;
};

type Props<T extends OrderedDesign> = {
  designs: readonly T[];
  /** The whole list after a move or a removal. */
  onChange: (designs: T[]) => void;
  texts: OrderedDesignTexts;
  /** Shows each design's place (1, 2, …) before it. */
  numbered?: boolean;
  thumbnailSize?: number;
  itemTestId?: string;
};

type Move = 'up' | 'down';

/**
 * Designs in an order the user sets: a row is dragged onto another's place (native drag and drop),
 * or moved one place with its arrow buttons (the keyboard's way), or removed.
 */
export function OrderedDesignList<T extends OrderedDesign>({ designs, onChange, texts, numbered = false, thumbnailSize = 40, itemTestId = 'list-design' }: Props<T>) {
  const [dragged, setDragged] = useState<number | null>(null);
  // The arrow pressed last: it keeps the focus on its design's row, which has just moved (and may now
  // have that arrow disabled, at the top or the bottom).
  const focusAfterMove = useRef<{ designGuid: string; move: Move } | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());

  // Once the moved list is shown.
  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    const row = rows.current.get(moved.designGuid);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${moved.move}"]:not(:disabled)`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${moved.move === 'up' ? 'down' : 'up'}"]:not(:disabled)`);
    (same ?? other)?.focus();
  }, [designs]);

  const move = (index: number, direction: Move) => {
    const design = designs[index];
    if (!design) return;
    focusAfterMove.current = { designGuid: design.designGuid, move: direction };
    onChange(moveItem(designs, index, direction === 'up' ? index - 1 : index + 1));
  };

  return (
    <List dense aria-label={texts.list}>
      {designs.map((design, index) => (
        <ListItem
          key={design.designGuid}
          ref={(element: HTMLLIElement | null) => {
            if (element) rows.current.set(design.designGuid, element);
            else rows.current.delete(design.designGuid);
          }}
          data-testid={itemTestId}
          divider
          draggable
          onDragStart={(event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', '');
            setDragged(index);
          }}
          onDragEnd={() => setDragged(null)}
          onDragOver={(event: DragEvent) => {
            if (dragged !== null) event.preventDefault();
          }}
          onDrop={(event: DragEvent) => {
            if (dragged === null) return;
            event.preventDefault();
            if (dragged !== index) onChange(moveItem(designs, dragged, index));
            setDragged(null);
          }}
          sx={{ gap: 1.5, cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
          secondaryAction={
            <>
              <IconButton size="small" data-move="up" aria-label={texts.moveUp(design.designName)} disabled={index === 0} onClick={() => move(index, 'up')}>
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton size="small" data-move="down" aria-label={texts.moveDown(design.designName)} disabled={index === designs.length - 1} onClick={() => move(index, 'down')}>
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton size="small" edge="end" aria-label={texts.remove(design.designName)} onClick={() => onChange(designs.filter((other) => other.designGuid !== design.designGuid))}>
                <DeleteIcon />
              </IconButton>
            </>
          }
        >
          {numbered && (
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: '2ch', textAlign: 'right' }} data-testid="list-design-position">
              {index + 1}
            </Typography>
          )}
          <Thumbnail src={design.thumbnail} alt="" size={thumbnailSize} />
          <ListItemText primary={design.designName} secondary={design.originalName || undefined} />
        </ListItem>
      ))}
      {designs.length === 0 && (
        <ListItem>
          <ListItemText secondary={texts.empty} />
        </ListItem>
      )}
    </List>
  );
}
