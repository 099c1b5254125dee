import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '@/lib/router';
import { CoverImage } from './cover-image';

type Props = {
  /** Where the card leads; null: not open (a sub-collection the studio has not set up yet). */
  to: string | null;
  image: string | null;
  title: string;
  description: string;
  /** Under the description: what it holds ("3 sub-collections", "Mood board · 12 images"). */
  meta: ReactNode;
  testId: string;
  id: number;
};

/** A collection or sub-collection on a board: its cover, name, description and what it holds. */
export function CoverCard({ to, image, title, description, meta, testId, id }: Props) {
  const content = (
    <>
      <CoverImage src={image} alt="" ratio="4 / 3" />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {description && (
          <Typography
            variant="body2"
            color="text.secondary"
            title={description}
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {description}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, fontWeight: 600 }} data-testid={`${testId}-meta`}>
          {meta}
        </Typography>
      </CardContent>
    </>
  );
  return (
    <Card
      component="article"
      variant="outlined"
      data-testid={testId}
      data-id={id}
      sx={{ height: '100%', transition: 'box-shadow 120ms', '&:hover': { boxShadow: to ? 3 : 0 }, opacity: to ? 1 : 0.7 }}
    >
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
          {content}
        </CardActionArea>
      ) : (
        <Box aria-disabled="true">{content}</Box>
      )}
    </Card>
  );
}

/** The cards of a board, as many columns as fit. */
export function CoverGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
      {children}
    </Box>
  );
}
