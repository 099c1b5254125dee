import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDecimal, serverDate } from '@/lib/format';
import { orderTypes, type DesignOrder, type OrdersScope } from '@/types/design';

const units = ['m'] as const;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

type Props = { orders: DesignOrder[]; scope: OrdersScope };

/**
 * The order history of the design (customer, amount, order type, date), newest first. A customer
 * gets only their own company's orders (`scope` "own"), and the panel says so.
 */
export function OrdersPanel({ orders, scope }: Props) {
  const { t, i18n } = useTranslation('design');
  const locale = i18n.resolvedLanguage;
  const sorted = [...orders].sort((a, b) => serverDate(b.orderedAt).getTime() - serverDate(a.orderedAt).getTime());
  const own = scope === 'own';
  const amount = (order: DesignOrder) => {
    const unit = order.unit && isOneOf(units, order.unit) ? t(`orders.units.${order.unit}`) : (order.unit ?? '');
    const value = formatDecimal(order.amount, locale);
    return unit ? t('orders.amount', { amount: value, unit }) : value;
  };
  const orderType = (type: string) => (isOneOf(orderTypes, type) ? t(`orders.types.${type}`) : type || '—');

  return (
    <Paper variant="outlined" component="section" aria-labelledby="orders-title" data-testid="orders-panel" data-scope={scope} sx={{ p: 2 }}>
      <Typography id="orders-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('orders.title')}
      </Typography>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="orders-empty">
          {own ? t('orders.emptyOwn') : t('orders.emptyAll')}
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
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {amount(order)}
                  </TableCell>
                  <TableCell>{orderType(order.orderType)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.orderedAt, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {own && sorted.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('orders.ownHint')}
        </Typography>
      )}
    </Paper>
  );
}
