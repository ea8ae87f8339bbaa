import { useFormikContext } from 'formik';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  DATE_MAX,
  DATE_MIN,
  SERVICES,
  SERVICE_FIELDS,
  SERVICE_LABELS,
  SERVICE_PLANS,
  formatDate,
  isServiceSubscriptionInputEnabled,
  recomputePaymentChain,
} from '@registra/domain';
import type { Service } from '@registra/domain';
import { ReminderBanner } from '../components/ReminderBanner';
import { livePaidReminder } from '../form';
import type { OrganizationFormValues } from '../form';
import { DateField } from '../../../components/DateField';

/** The three recurring services: flag, subscription date, plan and paid-reminder. */
export function ServicesTab() {
  return (
    <Row className="g-3">
      {SERVICES.map((service) => (
        <Col lg={4} key={service}>
          <ServiceCard service={service} />
        </Col>
      ))}
    </Row>
  );
}

function ServiceCard({ service }: { service: Service }) {
  const { values, setFieldValue, setValues } = useFormikContext<OrganizationFormValues>();
  const fields = SERVICE_FIELDS[service];
  const label = SERVICE_LABELS[service];
  const enabled = isServiceSubscriptionInputEnabled(values[fields.flag]);
  const paidReminder = livePaidReminder(values, service);

  /** "Changing the subscription date or plan recomputes every row's reminder in chain." */
  const changeChain = (subscription: string, plan: number) =>
    void setValues({
      ...values,
      [fields.subscription]: subscription,
      [fields.plan]: plan,
      [fields.history]: recomputePaymentChain(values[fields.history], subscription || null, plan),
    });

  return (
    <Card className="h-100" data-testid={`service-${service}`}>
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{label}</h2>
        <Form.Check
          id={`organization-${fields.flag}`}
          type="switch"
          aria-label={label}
          checked={values[fields.flag]}
          onChange={(event) => void setFieldValue(fields.flag, event.target.checked)}
        />
      </Card.Header>
      <Card.Body className="d-grid gap-3 align-content-start">
        <Form.Group controlId={`organization-${fields.subscription}`}>
          <Form.Label>{label} subscription date</Form.Label>
          <DateField
            label={`${label} subscription date`}
            min={DATE_MIN}
            max={DATE_MAX}
            value={values[fields.subscription]}
            disabled={!enabled}
            onChange={(date) => changeChain(date, values[fields.plan])}
          />
          {!enabled && <Form.Text>Turn the service on first.</Form.Text>}
        </Form.Group>
        <Form.Group controlId={`organization-${fields.plan}`}>
          <Form.Label>{label} plan</Form.Label>
          <Form.Select
            value={values[fields.plan]}
            onChange={(event) =>
              changeChain(values[fields.subscription], Number(event.target.value))
            }
          >
            {SERVICE_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {plan} months
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div>
          <div className="form-label mb-1">Paid reminder</div>
          <div data-testid={`${fields.paidReminder}`}>
            {paidReminder ? formatDate(paidReminder) : '—'}
          </div>
        </div>
        <ReminderBanner label={`${label} paid reminder`} date={paidReminder} />
      </Card.Body>
    </Card>
  );
}
