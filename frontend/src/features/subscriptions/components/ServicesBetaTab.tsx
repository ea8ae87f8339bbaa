import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import {
  MESSAGES,
  ORDER_LINK_DIALOG_LIMIT,
  SUBSCRIPTION_PERIOD_MAX,
  SUBSCRIPTION_PERIOD_MIN,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  canLinkOrderToSubscription,
  formatDate,
  isValidSubscriptionPeriod,
  newSubscriptionDefaults,
} from '@registra/domain';
import type { OrganizationView, SubscriptionStatus } from '@registra/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/DateField';
import { ReasonButton } from '../../../components/ReasonButton';
import type { OrganizationTabProps } from '../../../components/extensions';
import {
  useCreateSubscriptionMutation,
  useDeleteSubscriptionMutation,
  useOrganizationOrdersQuery,
  useSearchSubscriptionsQuery,
  useSubscriptionProductsQuery,
  useUpdateSubscriptionMutation,
} from '../api';
import type { SubscriptionView } from '../api';
import { OrganizationOrders } from './OrganizationOrders';
import { useErrorToast } from '../../../components/useErrorToast';

/** The new-subscription form: product, period (1..60, default 6), starting date (default today). */
function NewSubscription({ organization }: { organization: OrganizationView }) {
  const products = useSubscriptionProductsQuery({ subscription: true });
  const [create, { isLoading }] = useCreateSubscriptionMutation();
  const [values, setValues] = useState(() => ({
    ...newSubscriptionDefaults(),
    plan: String(newSubscriptionDefaults().plan),
  }));
  const plan = Number(values.plan);
  const planValid = values.plan.trim() !== '' && isValidSubscriptionPeriod(plan);
  const submit = async () => {
    if (!values.productId || !planValid || !values.startingDate) return;
    try {
      await create({
        organizationId: organization._id,
        productId: values.productId,
        plan,
        startingDate: values.startingDate,
      }).unwrap();
      toast.success(MESSAGES.subscriptionCreated);
      setValues({ ...newSubscriptionDefaults(), plan: String(newSubscriptionDefaults().plan) });
    } catch {
      toast.error(MESSAGES.subscriptionCreateFailed);
    }
  };
  return (
    <Form
      noValidate
      className="border rounded p-3 mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Row className="g-2 align-items-end">
        <Col xs={12} md={4}>
          <Form.Group controlId="new-subscription-product">
            <Form.Label>Product</Form.Label>
            <Form.Select
              value={values.productId}
              onChange={(event) =>
                setValues((current) => ({ ...current, productId: event.target.value }))
              }
            >
              <option value="">Choose a subscription product</option>
              {(products.data?.data ?? []).map((product) => (
                <option key={product._id} value={product._id}>
                  {product.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        {/* On a phone each on its own line: the date holds dd/mm/yyyy beside its two buttons. */}
        <Col xs={12} sm={6} md={2}>
          <Form.Group controlId="new-subscription-plan">
            <Form.Label>Period (months)</Form.Label>
            <Form.Control
              type="number"
              min={SUBSCRIPTION_PERIOD_MIN}
              max={SUBSCRIPTION_PERIOD_MAX}
              value={values.plan}
              isInvalid={!planValid}
              onChange={(event) =>
                setValues((current) => ({ ...current, plan: event.target.value }))
              }
            />
            <Form.Control.Feedback type="invalid">
              {values.plan.trim() === ''
                ? MESSAGES.subscriptionPeriodRequired
                : MESSAGES.subscriptionPeriodOutOfRange}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} sm={6} md={3}>
          <Form.Group controlId="new-subscription-start">
            <Form.Label>Starting date</Form.Label>
            <DateField
              id="new-subscription-start"
              label="Starting date"
              value={values.startingDate}
              onChange={(startingDate) => setValues((current) => ({ ...current, startingDate }))}
            />
          </Form.Group>
        </Col>
        <Col xs="auto">
          <ReasonButton
            type="submit"
            whyDisabled={
              isLoading
                ? 'Adding…'
                : !values.productId
                  ? 'Choose a product first'
                  : !planValid
                    ? MESSAGES.subscriptionPeriodOutOfRange
                    : !values.startingDate && MESSAGES.startingDateRequired
            }
          >
            Add subscription
          </ReasonButton>
        </Col>
      </Row>
    </Form>
  );
}

/** One subscription: status saved at once, what it owes, its linked orders, link, delete. */
function SubscriptionRow({
  subscription,
  orders,
}: {
  subscription: SubscriptionView;
  orders: ReadonlyArray<{ _id: string; label: string; subscriptionId: string | null }>;
}) {
  const [update, { isLoading }] = useUpdateSubscriptionMutation();
  const [remove, { isLoading: removing }] = useDeleteSubscriptionMutation();
  const [orderId, setOrderId] = useState('');
  const [confirm, setConfirm] = useState(false);
  const late = subscription.missingPayments > 0;
  const labelOf = (id: string) => orders.find((order) => order._id === id)?.label ?? id;

  const setStatus = async (status: SubscriptionStatus) => {
    try {
      await update({ id: subscription._id, body: { status } }).unwrap();
      toast.success(MESSAGES.subscriptionStatusUpdated);
    } catch {
      toast.error(MESSAGES.subscriptionStatusUpdateFailed);
    }
  };
  const link = async () => {
    if (!canLinkOrderToSubscription(subscription._id, orderId)) {
      toast.error(MESSAGES.linkOrderNeedsBoth);
      return;
    }
    try {
      await update({ id: subscription._id, body: { addedOrder: orderId } }).unwrap();
      toast.success(MESSAGES.orderLinked);
      setOrderId('');
    } catch {
      toast.error(MESSAGES.orderLinkFailed);
    }
  };
  const unlink = async (id: string) => {
    try {
      await update({ id: subscription._id, body: { deletedOrder: id } }).unwrap();
      toast.success(MESSAGES.orderUnlinked);
    } catch {
      toast.error(MESSAGES.orderUnlinkFailed);
    }
  };
  const destroy = async () => {
    try {
      await remove(subscription._id).unwrap();
      toast.success(MESSAGES.subscriptionDeleted);
    } catch {
      toast.error(MESSAGES.subscriptionDeleteFailed);
    } finally {
      setConfirm(false);
    }
  };

  return (
    <li className="border-top pt-2 mt-2" data-testid="subscription">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label={`Status of ${subscription.productName} from ${formatDate(subscription.startingDate)}`}
          value={subscription.status}
          disabled={isLoading}
          onChange={(event) => void setStatus(event.target.value as SubscriptionStatus)}
        >
          {SUBSCRIPTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SUBSCRIPTION_STATUS_LABELS[status]}
            </option>
          ))}
        </Form.Select>
        <span>
          From {formatDate(subscription.startingDate)}, every {subscription.plan} months
        </span>
        <span className={late ? 'text-danger fw-semibold' : undefined} data-testid="next-due">
          Next due: {subscription.nextDueDate ? formatDate(subscription.nextDueDate) : '—'}
        </span>
        <span
          className={late ? 'text-danger fw-semibold' : undefined}
          data-testid="missing-payments"
        >
          Missing payments: {subscription.missingPayments}
        </span>
        <Button
          size="sm"
          variant="outline-danger"
          className="ms-auto"
          onClick={() => setConfirm(true)}
        >
          Delete
        </Button>
      </div>
      <ul className="list-unstyled small ms-2 my-2">
        {subscription.orderIds.map((id) => (
          <li key={id} className="d-flex align-items-center gap-2">
            Order {labelOf(id)}
            <Button size="sm" variant="link" className="p-0" onClick={() => void unlink(id)}>
              Unlink
            </Button>
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <Form.Select
          size="sm"
          style={{ maxWidth: '24rem' }}
          aria-label={`Order to link to ${subscription.productName}`}
          value={orderId}
          onChange={(event) => setOrderId(event.target.value)}
        >
          <option value="">Choose an order</option>
          {orders
            .filter((order) => !order.subscriptionId)
            .map((order) => (
              <option key={order._id} value={order._id}>
                {order.label}
              </option>
            ))}
        </Form.Select>
        <ReasonButton
          size="sm"
          variant="outline-primary"
          onClick={() => void link()}
          whyDisabled={isLoading ? 'Saving…' : !orderId && 'Choose an order to link first'}
        >
          Link order
        </ReasonButton>
      </div>
      <ConfirmDialog
        show={confirm}
        title="Delete subscription"
        confirmLabel="Delete"
        busy={removing}
        onConfirm={() => void destroy()}
        onCancel={() => setConfirm(false)}
      />
    </li>
  );
}

/**
 * SERVICE_TAB_BETA ('Services' with a Beta badge, docs/product/orders-and-subscriptions.md): the
 * organization's subscriptions grouped by product, and its orders.
 */
export default function ServicesBetaTab({ organization }: OrganizationTabProps) {
  const { data, isError, isLoading } = useSearchSubscriptionsQuery({
    organizationId: organization._id,
  });
  // The link dialog's orders: up to 1000 (ORDER_LINK_DIALOG_LIMIT).
  const orders = useOrganizationOrdersQuery({
    organizationId: organization._id,
    limit: ORDER_LINK_DIALOG_LIMIT,
  });
  useErrorToast(isError, MESSAGES.subscriptionFetchFailed, 'subscription-fetch');
  useErrorToast(orders.isError, MESSAGES.ordersFetchFailed, 'orders-fetch');
  const orderOptions = useMemo(
    () =>
      (orders.data?.data ?? []).map((order) => ({
        _id: order._id,
        subscriptionId: order.subscriptionId,
        label: `${formatDate(order.dateOrder)} · ${order.product} · €${order.totalPaid.toFixed(2)}`,
      })),
    [orders.data],
  );
  const groups = useMemo(() => {
    const byProduct = new Map<string, SubscriptionView[]>();
    for (const subscription of data?.data ?? []) {
      byProduct.set(subscription.productName, [
        ...(byProduct.get(subscription.productName) ?? []),
        subscription,
      ]);
    }
    return [...byProduct].sort(([a], [b]) => a.localeCompare(b));
  }, [data]);

  return (
    <>
      <h2 className="h5">Subscriptions</h2>
      <NewSubscription organization={organization} />
      {isLoading && <p className="text-muted">Loading...</p>}
      {data && groups.length === 0 && <p className="text-muted">No subscriptions yet.</p>}
      {groups.map(([product, subscriptions]) => (
        <Card key={product} className="mb-3" as="section" aria-label={product}>
          <Card.Header className="d-flex align-items-center gap-2">
            <span className="fw-semibold">{product}</span>
            <Badge bg="secondary" pill>
              {subscriptions.length}
            </Badge>
          </Card.Header>
          <Card.Body className="pt-0">
            <ul className="list-unstyled mb-0">
              {subscriptions.map((subscription) => (
                <SubscriptionRow
                  key={subscription._id}
                  subscription={subscription}
                  orders={orderOptions}
                />
              ))}
            </ul>
          </Card.Body>
        </Card>
      ))}
      <OrganizationOrders organizationId={organization._id} />
    </>
  );
}
