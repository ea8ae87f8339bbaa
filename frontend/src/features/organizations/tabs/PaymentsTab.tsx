import { useFormikContext } from 'formik';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  DATE_MAX,
  DATE_MIN,
  SERVICES,
  SERVICE_FIELDS,
  formatDate,
  isIsoDate,
  paymentLateness,
  recordPayment,
  removePaidRow,
} from '@registra/domain';
import type { PaymentLateness, Service } from '@registra/domain';
import { SERVICE_LABELS } from '../form';
import type { OrganizationFormValues } from '../form';

const LATENESS_BADGES: Record<Exclude<PaymentLateness['status'], 'open'>, string> = {
  late: 'danger',
  inAdvance: 'info',
  onTime: 'success',
};

/** One payment-history block per service (spec 01 §2 Payments tab, §4 payment history). */
export function PaymentsTab() {
  return (
    <div className="d-grid gap-3">
      {SERVICES.map((service) => (
        <PaymentBlock key={service} service={service} />
      ))}
    </div>
  );
}

function PaymentBlock({ service }: { service: Service }) {
  const { values, setFieldValue } = useFormikContext<OrganizationFormValues>();
  const fields = SERVICE_FIELDS[service];
  const label = SERVICE_LABELS[service];
  const rows = values[fields.history];
  const subscription = values[fields.subscription] || null;
  const plan = values[fields.plan];
  const setRows = (next: OrganizationFormValues[typeof fields.history]) =>
    void setFieldValue(fields.history, next);

  const changePaidDate = (index: number, paidDate: string) => {
    const row = rows[index];
    if (!row.paidDate) {
      // Paying the open row appends the next open row (its reminder + plan months).
      if (isIsoDate(paidDate)) setRows(recordPayment(rows, index, paidDate, subscription, plan));
      return;
    }
    // Emptying a paid row's date removes the payment (the same rule as its Remove button).
    if (paidDate === '') setRows(removePaidRow(rows, index, subscription, plan));
    else if (isIsoDate(paidDate))
      setRows(rows.map((r, i) => (i === index ? { ...r, paidDate } : r)));
  };

  return (
    <Card data-testid={`payments-${service}`}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-3">
        <h2 className="h6 mb-0">{label}</h2>
        <Badge bg={values[fields.flag] ? 'success' : 'secondary'}>
          {values[fields.flag] ? 'ON' : 'OFF'}
        </Badge>
        <span className="small text-muted">
          Subscription {subscription ? formatDate(subscription) : '—'} · plan {plan} months
        </span>
      </Card.Header>
      <Card.Body className="p-0">
        {/* Fixed widths, so the three blocks' columns line up. */}
        <Table size="sm" className="mb-0 align-middle" style={{ tableLayout: 'fixed' }}>
          <thead>
            <tr>
              <th className="ps-3" style={{ width: '4rem' }}>
                #
              </th>
              <th>Next paid reminder</th>
              <th>Paid date</th>
              <th>Status</th>
              <th aria-label="Actions" style={{ width: '8rem' }} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const lateness = paymentLateness(row);
              const open = !row.paidDate;
              return (
                <tr key={index} data-testid={`${service}-row-${index}`}>
                  <td className="ps-3">{index + 1}</td>
                  <td>{row.nextPaidReminder ? formatDate(row.nextPaidReminder) : '—'}</td>
                  <td>
                    <Form.Control
                      type="date"
                      size="sm"
                      min={DATE_MIN}
                      max={DATE_MAX}
                      aria-label={`${label} paid date ${index + 1}`}
                      value={row.paidDate ?? ''}
                      onChange={(event) => changePaidDate(index, event.target.value)}
                    />
                  </td>
                  <td>
                    {open ? (
                      <span className="text-muted small">Open</span>
                    ) : lateness.status !== 'open' ? (
                      <Badge bg={LATENESS_BADGES[lateness.status]}>{lateness.label}</Badge>
                    ) : null}
                  </td>
                  <td className="text-end pe-3">
                    {!open && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Remove ${label} payment ${index + 1}`}
                        onClick={() => setRows(removePaidRow(rows, index, subscription, plan))}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
