import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { apiBlob } from '@/api/api-client';
import { useImageUrl } from '@/lib/image-url';
import { ImageIcon } from './icons/image-icon';

type Props = {
  src: string | null | undefined;
  alt: string;
  /** The height, and the width unless `width` is given, in px. */
  size?: number;
  /** A wider (or narrower) frame than a square, in px; the image covers it. */
  width?: number;
};

/**
 * A design or file preview. A plain <img>: the image routes take the session cookie; a design or
 * wear image comes from the content image server when the studio set one. Should the image be
 * refused, it is read once more from this server with the Access-Token header (never sent elsewhere).
 */
export function Thumbnail({ src, alt, size = 56, width }: Props) {
  const imageUrl = useImageUrl();
  const [fallback, setFallback] = useState<{ src: string; url: string | null } | null>(null);
  const shown = fallback && fallback.src === src ? fallback.url : imageUrl(src);

  useEffect(() => {
    const url = fallback?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [fallback]);

  const retryWithToken = () => {
    if (!src || fallback?.src === src) return;
    setFallback({ src, url: null });
    apiBlob(src)
      .then((blob) => setFallback({ src, url: URL.createObjectURL(blob) }))
      .catch(() => setFallback({ src, url: null }));
  };

  return (
    <Box
      sx={{
        width: width ?? size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        color: 'text.disabled',
      }}
    >
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={alt}
          loading="lazy"
          data-testid="thumbnail"
          onError={retryWithToken}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ImageIcon />
      )}
    </Box>
  );
}
