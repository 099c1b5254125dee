import Box from '@mui/material/Box';
import { useState } from 'react';
import { ImageIcon } from '@/components/icons/image-icon';
import { useImageUrl } from '@/lib/image-url';

type Props = {
  src: string | null | undefined;
  alt: string;
  /** CSS aspect ratio of the frame, e.g. "4 / 3". */
  ratio: string;
  fit?: 'cover' | 'contain';
};

/**
 * An image filling a frame of a fixed shape (a cover, a preview), loaded lazily; a placeholder
 * when there is none or it fails. A plain <img>: the image routes take the session cookie (a design
 * image comes from the content image server when the studio set one).
 */
export function CoverImage({ src: path, alt, ratio, fit = 'cover' }: Props) {
  const src = useImageUrl()(path);
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <Box sx={{ position: 'relative', aspectRatio: ratio, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
      {broken ? (
        <ImageIcon size={36} />
      ) : (
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: fit }}
        />
      )}
    </Box>
  );
}
