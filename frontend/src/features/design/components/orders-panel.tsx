import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDecimal } from '@/lib/format';
import type { DesignOrder } from '@/types/design';

/** The order history of the design (customer, amount, order type, date), newest first. */
export function OrdersPanel({ orders }: { orders: DesignOrder[] }) {
  const { t, i18n } = useTranslation('design');
  const locale = i18n.resolvedLanguage;
  const sorted = [...orders].sort((a, b) => b.orderedAt.localeCompare(a.orderedAt));

  return (
    <Paper variant="outlined" component="section" aria-labelledby="orders-title" data-testid="orders-panel" sx={{ p: 2 }}>
      <Typography id="orders-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('orders.title')}
      </Typography>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="orders-empty">
          {t('orders.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="orders-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('orders.columns.customer')}</TableCell>
                <TableCell align="right">{t('orders.columns.amount')}</TableCell>
                <TableCell>{t('orders.columns.orderType')}</TableCell>
                <TableCell>{t('orders.columns.date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((order, index) => (
                <TableRow key={`${order.orderedAt}-${index}`} data-testid="order-row">
                  <TableCell>{order.customer || '—'}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatDecimal(order.amount, locale)}
                  </TableCell>
                  <TableCell>{order.orderType || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.orderedAt, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
