import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { ValidationError } from 'yup';
import {
  DATE_MAX,
  DATE_MIN,
  MESSAGES,
  isNewOrderComplete,
  newOrderSchema,
  newOrderNotice,
  orderAmountInputError,
  orderPath,
  parseEurosInput,
  centsToEuros,
  setNewOrganization,
} from '@registra/domain';
import type { NewOrderDraft, ProductView } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { DateField } from '../../../components/DateField';
import { focusField } from '../../../components/fieldErrors';
import { useServerFieldErrors } from '../../../components/useServerFieldErrors';
import { RecordSelect } from '../../../components/RecordSelect';
import { useOrganizationOptionsQuery } from '../../../lib/records';
import { useCreateOrderMutation } from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

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

/** The dialog's fields, as the API names them (its refusals' `details[].field`). */
type Field =
  | 'organizationId'
  | 'newOrganization'
  | 'firstName'
  | 'lastName'
  | 'productId'
  | 'dateOrder'
  | 'totalPaid';

/** Names the API checks that the dialog shows as another field: the chosen record's name. */
const SHOWN_AS: Record<string, Field> = {
  organizationName: 'organizationId',
  product: 'productId',
};

const shownAs = (field: string) => SHOWN_AS[field] ?? field;

/**
 * What the new-order schema (the server's limits: lengths, the amount's range and cents, the
 * date's) says of each field that holds something. An empty field is not said here: the
 * notice under the dialog asks for every required one.
 */
function checkDraft(draft: Draft): Partial<Record<Field, string>> {
  try {
    newOrderSchema.validateSync(
      { ...draft, totalPaid: draft.totalPaid ?? undefined },
      { abortEarly: false },
    );
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const errors: Partial<Record<Field, string>> = {};
    for (const { path, message } of error.inner) {
      const field = path as Field | undefined;
      if (field && !errors[field] && String(draft[field] ?? '').trim() !== '') {
        errors[field] = message;
      }
    }
    return errors;
  }
}

/**
 * 'Add a new order' (isNewOrderComplete): submit stays disabled until every required field is set.
 */
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
  const form = useRef<HTMLFormElement>(null);
  const notice = newOrderNotice(draft, draft.totalPaidText);
  // The date field's own typing error (31/02/2026), which it shows itself.
  const [dateTyping, setDateTyping] = useState('');
  // What the server refused at the last submit, per field, until that field changes.
  const server = useServerFieldErrors<Field>(shownAs);
  // What is wrong before sending: a wrong total in words (the schema sees no number in
  // "12,345"), the schema's limits for the rest.
  const checked = checkDraft(draft);
  const amountError = orderAmountInputError(draft.totalPaidText);
  const invalid: Partial<Record<Field, string>> = {
    ...checked,
    ...(amountError ? { totalPaid: amountError } : {}),
  };
  const errorOf = (field: Field) => invalid[field] ?? server.refused[field];
  /** A changed field no longer holds what the server refused. */
  const change = (changes: Partial<Draft>, fields: Field[]) => {
    setDraft((current) => ({ ...current, ...changes }));
    server.forget(fields);
  };
  const close = () => {
    setDraft(EMPTY);
    server.clear();
    onHide();
  };

  const submit = async () => {
    if (!isNewOrderComplete(draft)) return;
    const wrong = Object.keys(invalid);
    if (wrong.length > 0) {
      focusField(wrong, form.current);
      return;
    }
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
      // A field the server refused is said under it and the first of them takes the focus; the
      // toast says the rest.
      server.show(error, { within: form.current });
      toast.error(errorText(error, MESSAGES.orderCreateFailed));
    }
  };

  return (
    <Modal show={show} onHide={close} aria-labelledby="add-order-title">
      <Form
        ref={form}
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
              name="organizationId"
              error={errorOf('organizationId')}
              label="Organization"
              placeholder="Choose an organization"
              value={draft.organizationId ?? null}
              valueLabel={draft.organizationName}
              isDisabled={Boolean(draft.newOrganization)}
              useOptions={useOrganizationOptionsQuery}
              noOptionsMessage={MESSAGES.noOrganizationsFound}
              errorMessage={MESSAGES.organizationsFetchErrorOccurred}
              onChange={(organizationId, organizationName) =>
                change({ organizationId, organizationName }, ['organizationId'])
              }
            />
          </div>
          <Form.Check
            id="new-order-new-organization"
            name="newOrganization"
            label="The organization doesn't exist yet"
            checked={Boolean(draft.newOrganization)}
            isInvalid={Boolean(errorOf('newOrganization'))}
            feedback={errorOf('newOrganization')}
            feedbackType="invalid"
            onChange={(event) => {
              const checked = event.target.checked;
              server.forget(['newOrganization', 'organizationId', 'firstName', 'lastName']);
              setDraft((current) => ({
                ...setNewOrganization(current, checked),
                organizationName: checked ? null : current.organizationName,
              }));
            }}
          />
          {draft.newOrganization && (
            <div className="d-flex gap-2">
              <Form.Group controlId="new-order-first-name" className="flex-grow-1">
                <Form.Label>First name</Form.Label>
                <Form.Control
                  name="firstName"
                  value={draft.firstName ?? ''}
                  isInvalid={Boolean(errorOf('firstName'))}
                  onChange={(event) => change({ firstName: event.target.value }, ['firstName'])}
                />
                <Form.Control.Feedback type="invalid">{errorOf('firstName')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group controlId="new-order-last-name" className="flex-grow-1">
                <Form.Label>Last name</Form.Label>
                <Form.Control
                  name="lastName"
                  value={draft.lastName ?? ''}
                  isInvalid={Boolean(errorOf('lastName'))}
                  onChange={(event) => change({ lastName: event.target.value }, ['lastName'])}
                />
                <Form.Control.Feedback type="invalid">{errorOf('lastName')}</Form.Control.Feedback>
              </Form.Group>
            </div>
          )}
          <Form.Group controlId="new-order-product">
            <Form.Label>Product</Form.Label>
            <Form.Select
              name="productId"
              value={draft.productId ?? ''}
              isInvalid={Boolean(errorOf('productId'))}
              onChange={(event) => change({ productId: event.target.value }, ['productId'])}
            >
              <option value="">Choose a product</option>
              {products.map((product) => (
                <option key={product._id} value={product._id}>
                  {product.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errorOf('productId')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="new-order-date">
            <Form.Label>Order date</Form.Label>
            <DateField
              id="new-order-date"
              name="dateOrder"
              label="Order date"
              min={DATE_MIN}
              max={DATE_MAX}
              value={draft.dateOrder ?? ''}
              isInvalid={Boolean(errorOf('dateOrder'))}
              onChange={(dateOrder) => change({ dateOrder }, ['dateOrder'])}
              onTextError={setDateTyping}
            />
            {/* The field says a typing error itself; this is the schema's or the server's. */}
            {!dateTyping && errorOf('dateOrder') && (
              <div className="invalid-feedback d-block">{errorOf('dateOrder')}</div>
            )}
          </Form.Group>
          <Form.Group controlId="new-order-total-paid">
            <Form.Label>Total paid (€)</Form.Label>
            <Form.Control
              name="totalPaid"
              inputMode="decimal"
              value={draft.totalPaidText}
              isInvalid={Boolean(errorOf('totalPaid'))}
              onChange={(event) => {
                const cents = parseEurosInput(event.target.value);
                change(
                  {
                    totalPaidText: event.target.value,
                    totalPaid: cents === null || cents < 0 ? null : centsToEuros(cents),
                  },
                  ['totalPaid'],
                );
              }}
            />
            <Form.Control.Feedback type="invalid">{errorOf('totalPaid')}</Form.Control.Feedback>
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
          <ReasonButton
            type="submit"
            whyDisabled={
              isLoading ? 'Creating…' : !isNewOrderComplete(draft) && MESSAGES.orderRequiredFields
            }
          >
            Create order
          </ReasonButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
