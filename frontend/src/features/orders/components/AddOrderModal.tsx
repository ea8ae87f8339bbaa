import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  TEXT_MAX_LENGTHS,
  isNewOrderComplete,
  newOrderNotice,
  orderAmountInputError,
  orderPath,
  parseEurosInput,
  centsToEuros,
  setNewOrganization,
} from '@registra/domain';
import type { NewOrderDraft, ProductView } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { DateField } from '../../../components/DateField';
import { serverFieldMessages } from '../../../components/fieldErrors';
import { RecordSelect } from '../../../components/RecordSelect';
import { useOrganizationOptionsQuery } from '../../../app/records';
import { useCreateOrderMutation } from '../api';

type Draft = NewOrderDraft & { organizationName: string | null; totalPaidText: string };

const EMPTY: Draft = {
  organizationId: null,
  organizationName: null,
  newOrganization: false,
  firstName: '',
  lastName: '',
  productId: '',
  dateOrder: '',
  totalPaid: null,
  totalPaidText: '',
};

/** 'Add a new order' (spec 02 §2.8): submit stays disabled until every required field is set. */
export function AddOrderModal({
  show,
  products,
  onHide,
}: {
  show: boolean;
  products: readonly ProductView[];
  onHide: () => void;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  // A wrong total says what is wrong under its field; the notice is only for empty fields.
  const amountError = orderAmountInputError(draft.totalPaidText);
  const notice = newOrderNotice(draft, draft.totalPaidText);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const close = () => {
    setDraft(EMPTY);
    onHide();
  };

  const submit = async () => {
    if (!isNewOrderComplete(draft)) return;
    const product = products.find((candidate) => candidate._id === draft.productId);
    try {
      const order = await createOrder({
        newOrganization: Boolean(draft.newOrganization),
        organizationId: draft.newOrganization ? null : draft.organizationId,
        organizationName: draft.newOrganization ? null : draft.organizationName,
        ...(draft.newOrganization
          ? { firstName: draft.firstName ?? '', lastName: draft.lastName ?? '' }
          : {}),
        productId: draft.productId as string,
        product: product?.name,
        dateOrder: draft.dateOrder as string,
        totalPaid: draft.totalPaid as number,
      }).unwrap();
      toast.success(MESSAGES.orderCreated);
      setDraft(EMPTY);
      onHide();
      navigate(orderPath(order._id));
    } catch (error) {
      // A field the server refused is said under it (the modal keeps its own state, not Formik).
      setRefused(serverFieldMessages(error));
      toast.error(errorText(error, MESSAGES.orderCreateFailed));
    }
  };

  return (
    <Modal show={show} onHide={close} aria-labelledby="add-order-title">
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="add-order-title">Add a new order</Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <div>
            <Form.Label htmlFor="new-order-organization">Organization</Form.Label>
            <RecordSelect
              inputId="new-order-organization"
              label="Organization"
              placeholder="Choose an organization"
              value={draft.organizationId ?? null}
              valueLabel={draft.organizationName}
              isDisabled={Boolean(draft.newOrganization)}
              useOptions={useOrganizationOptionsQuery}
              noOptionsMessage={MESSAGES.noOrganizationsFound}
              errorMessage={MESSAGES.organizationsFetchErrorOccurred}
              onChange={(organizationId, organizationName) =>
                setDraft((current) => ({ ...current, organizationId, organizationName }))
              }
            />
          </div>
          <Form.Check
            id="new-order-new-organization"
            label="The organization doesn't exist yet"
            checked={Boolean(draft.newOrganization)}
            onChange={(event) =>
              setDraft((current) => ({
                ...setNewOrganization(current, event.target.checked),
                organizationName: event.target.checked ? null : current.organizationName,
              }))
            }
          />
          {draft.newOrganization && (
            <div className="d-flex gap-2">
              <Form.Group controlId="new-order-first-name" className="flex-grow-1">
                <Form.Label>First name</Form.Label>
                <Form.Control
                  value={draft.firstName ?? ''}
                  maxLength={TEXT_MAX_LENGTHS.order.firstName}
                  isInvalid={Boolean(refused.firstName)}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, firstName: event.target.value }))
                  }
                />
                <Form.Control.Feedback type="invalid">{refused.firstName}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group controlId="new-order-last-name" className="flex-grow-1">
                <Form.Label>Last name</Form.Label>
                <Form.Control
                  value={draft.lastName ?? ''}
                  maxLength={TEXT_MAX_LENGTHS.order.lastName}
                  isInvalid={Boolean(refused.lastName)}
                  onChange={(event) =>
                    setDraft((current) => ({ ...current, lastName: event.target.value }))
                  }
                />
                <Form.Control.Feedback type="invalid">{refused.lastName}</Form.Control.Feedback>
              </Form.Group>
            </div>
          )}
          <Form.Group controlId="new-order-product">
            <Form.Label>Product</Form.Label>
            <Form.Select
              value={draft.productId ?? ''}
              onChange={(event) =>
                setDraft((current) => ({ ...current, productId: event.target.value }))
              }
            >
              <option value="">Choose a product</option>
              {products.map((product) => (
                <option key={product._id} value={product._id}>
                  {product.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="new-order-date">
            <Form.Label>Order date</Form.Label>
            <DateField
              id="new-order-date"
              label="Order date"
              value={draft.dateOrder ?? ''}
              onChange={(dateOrder) => setDraft((current) => ({ ...current, dateOrder }))}
            />
          </Form.Group>
          <Form.Group controlId="new-order-total-paid">
            <Form.Label>Total paid (€)</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={draft.totalPaidText}
              isInvalid={Boolean(amountError ?? refused.totalPaid)}
              onChange={(event) => {
                setRefused(({ totalPaid: _totalPaid, ...others }) => others);
                const cents = parseEurosInput(event.target.value);
                setDraft((current) => ({
                  ...current,
                  totalPaidText: event.target.value,
                  totalPaid: cents === null || cents < 0 ? null : centsToEuros(cents),
                }));
              }}
            />
            <Form.Control.Feedback type="invalid">
              {amountError ?? refused.totalPaid}
            </Form.Control.Feedback>
          </Form.Group>
          {notice && (
            <Alert variant="secondary" className="mb-0 small">
              {notice}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isNewOrderComplete(draft) || isLoading}>
            Create order
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
