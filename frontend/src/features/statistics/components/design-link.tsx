import Link from '@mui/material/Link';
import { Link as RouterLink } from '@/lib/router';

type Props = { designGuid: string | null | undefined; number: string | null | undefined; colorwayGuid?: string | null };

/** A design number linking to the design page (at the colorway when one is given); a dash without a design. */
export function DesignLink({ designGuid, number, colorwayGuid }: Props) {
  if (!number || !designGuid) return '—';
  return (
    <Link component={RouterLink} to={colorwayGuid ? `/design/${designGuid}/${colorwayGuid}` : `/design/${designGuid}`}>
      {number}
    </Link>
  );
}
