import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import {
  ErrorCode,
  MESSAGES,
  NOT_AVAILABLE,
  ORDER_ORIGINS,
  ORDER_ORGANIZATION_FILTER_LABELS,
  ORDER_ORIGIN_FILTER_LABELS,
  ORDER_ORIGIN_LABELS,
  ROUTES,
  TEXT_MAX_LENGTHS,
  centsToEuros,
  eurosToCents,
  formatEuros,
  orderAmountInputError,
  parseEurosInput,
  productWarning,
  showVatNumber,
  textTooLongMessage,
  toggleVat,
} from '@registra/domain';
import type { OrderOrigin, ProductView } from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { FormSection } from '../../../components/FormSection';
import { DeleteUpdateActions } from '../../../components/DeleteUpdateActions';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { DateField } from '../../../components/DateField';
import { focusField } from '../../../components/fieldErrors';
import { useServerFieldErrors } from '../../../components/useServerFieldErrors';
import { RecordSelect } from '../../../components/RecordSelect';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useDeleteOrderMutation, useUpdateOrderMutation } from '../api';
import { useOrganizationOptionsQuery } from '../../../lib/records';
import type { OrderUpdate, OrderView } from '../api';

const AMOUNTS = ['totalAmountOrder', 'amountDeposit', 'totalPaid'] as const;
type AmountField = (typeof AMOUNTS)[number];

/** The form's values: amounts as typed (a comma is accepted), the rest as the order holds them. */
interface Values {
  company: string;
  organizationId: string | null;
  organizationName: string | null;
  lastName: string;
  firstName: string;
  email: string;
  from: OrderOrigin | '';
  productId: string;
  amounts: Record<AmountField, string>;
  dateOrder: string;
  paymentTypeDeposit: string;
  dateOfBalance: string;
  paymentTypeBalance: string;
  toInvoice: boolean;
  paidTotaly: boolean;
  balancePaid: boolean;
  noVat: boolean;
  withVat: boolean;
  vatNumber: string;
  comment: string;
}

const amountText = (value: number | null) => (value === null ? '' : value.toFixed(2));

export const toValues = (order: OrderView): Values => ({
  company: order.company,
  organizationId: order.organizationId,
  organizationName: order.organizationName,
  lastName: order.lastName,
  firstName: order.firstName,
  email: order.email,
  from: order.from ?? '',
  productId: order.productId ?? '',
  amounts: {
    totalAmountOrder: amountText(order.totalAmountOrder),
    amountDeposit: amountText(order.amountDeposit),
    totalPaid: amountText(order.totalPaid),
  },
  dateOrder: order.dateOrder ?? '',
  paymentTypeDeposit: order.paymentTypeDeposit,
  dateOfBalance: order.dateOfBalance ?? '',
  paymentTypeBalance: order.paymentTypeBalance,
  toInvoice: order.toInvoice,
  paidTotaly: order.paidTotaly,
  balancePaid: order.balancePaid,
  noVat: order.noVat,
  withVat: order.withVat,
  vatNumber: order.vatNumber,
  comment: order.comment,
});

/** The text fields the order's limits bound (TEXT_MAX_LENGTHS, the server's too). */
const TEXT_MAX = TEXT_MAX_LENGTHS.order;
type TextLimited = keyof typeof TEXT_MAX;

/** A negative amount, said for the field it is in. */
const negativeMessage = (field: string) =>
  field === 'totalPaid' || field === 'totalAmountOrder'
    ? MESSAGES.totalNegative
    : MESSAGES.amountNegative;

/** Euros of a typed amount; undefined when it is not one (the field is then invalid). */
const typed = (text: string): number | null | undefined => {
  if (text.trim() === '') return null;
  const cents = parseEurosInput(text);
  return cents === null || cents < 0 ? undefined : centsToEuros(cents);
};

/**
 * The INFORMATION tab of /order/{id} (docs/product/orders-and-subscriptions.md): the nine sections,
 * Delete and Update.
 */
export function OrderForm({
  order,
  products,
  onReload,
}: {
  order: OrderView;
  products: readonly ProductView[];
  onReload: () => void;
}) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState(order);
  const [values, setValues] = useState<Values>(() => toValues(order));
  const [conflict, setConflict] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [updateOrder, { isLoading: saving }] = useUpdateOrderMutation();
  const [deleteOrder, { isLoading: deleting }] = useDeleteOrderMutation();
  const dirty = JSON.stringify(values) !== JSON.stringify(toValues(loaded));
  // What the server refused at the last Update, per field, shown until that field changes.
  const server = useServerFieldErrors();
  const { refused } = server;
  const set = (changes: Partial<Values>) => {
    setValues((current) => ({ ...current, ...changes }));
    server.forget([...Object.keys(changes), ...Object.keys(changes.amounts ?? {})]);
  };
  const amounts = Object.fromEntries(
    AMOUNTS.map((field) => [field, typed(values.amounts[field])]),
  ) as Record<AmountField, number | null | undefined>;
  const invalid = AMOUNTS.filter(
    (field) => amounts[field] === undefined || (field === 'totalPaid' && amounts[field] === null),
  );
  const balance =
    typeof amounts.totalAmountOrder === 'number'
      ? centsToEuros(
          eurosToCents(amounts.totalAmountOrder) - eurosToCents(amounts.amountDeposit ?? 0),
        )
      : null;
  const warning = productWarning(values.productId || null, products);
  // Dates whose typed text is not a date (31/02/2026): Update waits for them.
  const [badDates, setBadDates] = useState<Record<string, string>>({});
  const tooLong = (Object.keys(TEXT_MAX) as TextLimited[]).filter(
    (field) => values[field].length > TEXT_MAX[field],
  );
  const errorOf = (field: string): string | undefined => {
    if (field in TEXT_MAX && tooLong.includes(field as TextLimited)) {
      return textTooLongMessage(TEXT_MAX[field as TextLimited]);
    }
    if ((AMOUNTS as readonly string[]).includes(field)) {
      const text = values.amounts[field as AmountField];
      if (field === 'totalPaid' && text.trim() === '') return MESSAGES.amountRequired;
      const wrong = orderAmountInputError(text);
      if (wrong) return wrong === MESSAGES.totalNegative ? negativeMessage(field) : wrong;
    }
    return refused[field];
  };
  const blocked = invalid.length > 0 || tooLong.length > 0 || Object.values(badDates).some(Boolean);

  const save = async () => {
    if (blocked) {
      focusField([...tooLong, ...invalid]);
      return;
    }
    const body: OrderUpdate = {
      company: values.company,
      organizationId: values.organizationId,
      lastName: values.lastName,
      firstName: values.firstName,
      email: values.email,
      from: values.from || null,
      ...(values.productId && !warning ? { productId: values.productId } : {}),
      totalAmountOrder: amounts.totalAmountOrder ?? null,
      amountDeposit: amounts.amountDeposit ?? null,
      totalPaid: amounts.totalPaid as number,
      dateOrder: values.dateOrder || null,
      paymentTypeDeposit: values.paymentTypeDeposit,
      dateOfBalance: values.dateOfBalance || null,
      paymentTypeBalance: values.paymentTypeBalance,
      toInvoice: values.toInvoice,
      paidTotaly: values.paidTotaly,
      balancePaid: values.balancePaid,
      noVat: values.noVat,
      withVat: values.withVat,
      vatNumber: values.vatNumber,
      comment: values.comment,
      updatedAt: loaded.updatedAt,
    };
    try {
      const saved = await updateOrder({ id: order._id, body }).unwrap();
      setLoaded(saved);
      setValues(toValues(saved));
      setConflict(false);
      toast.success(MESSAGES.updated);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.VERSION_CONFLICT) setConflict(true);
      else {
        server.show(error);
        toast.error(errorText(error, MESSAGES.anErrorOccurred));
      }
    }
  };

  const remove = async () => {
    try {
      await deleteOrder(order._id).unwrap();
      setLeaving(true);
      toast.success(MESSAGES.deleted);
      navigate(ROUTES.orders);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    }
  };

  const text = (name: TextLimited, label: string, md = 4, type = 'text') => (
    <Col xs={12} md={md}>
      <Form.Group controlId={`order-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type={type}
          name={name}
          value={values[name]}
          isInvalid={Boolean(errorOf(name))}
          onChange={(event) => set({ [name]: event.target.value } as Partial<Values>)}
        />
        <Form.Control.Feedback type="invalid">{errorOf(name)}</Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
  const amount = (field: AmountField, label: string) => (
    <Col xs={12} md={4}>
      <Form.Group controlId={`order-${field}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          inputMode="decimal"
          name={field}
          value={values.amounts[field]}
          isInvalid={Boolean(errorOf(field))}
          onChange={(event) => set({ amounts: { ...values.amounts, [field]: event.target.value } })}
        />
        <Form.Control.Feedback type="invalid">{errorOf(field)}</Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
  const check = (name: 'toInvoice' | 'paidTotaly' | 'balancePaid', label: string) => (
    <Col xs="auto">
      <Form.Check
        id={`order-${name}`}
        label={label}
        checked={values[name]}
        onChange={(event) => set({ [name]: event.target.checked })}
      />
    </Col>
  );
  const date = (name: 'dateOrder' | 'dateOfBalance', label: string) => (
    <Col xs={12} md={4}>
      <Form.Group controlId={`order-${name}`}>
        <Form.Label>{label}</Form.Label>
        <DateField
          id={`order-${name}`}
          name={name}
          label={label}
          value={values[name]}
          isInvalid={Boolean(refused[name])}
          onChange={(value) => set({ [name]: value })}
          onTextError={(error) => setBadDates((current) => ({ ...current, [name]: error }))}
        />
        {refused[name] && <div className="invalid-feedback d-block">{refused[name]}</div>}
      </Form.Group>
    </Col>
  );

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <UnsavedChangesPrompt when={dirty && !leaving} basePath={`/order/${order._id}`} />
      {conflict && (
        <ConflictAlert
          onReload={() => {
            onReload();
            setLoaded(order);
            setValues(toValues(order));
            setConflict(false);
          }}
        />
      )}
      <FormSection title="Customer information">
        {text('company', 'Company')}
        <Col xs={12} md={4}>
          <Form.Label htmlFor="order-organization">Organization</Form.Label>
          <RecordSelect
            inputId="order-organization"
            name="organizationId"
            error={errorOf('organizationId')}
            label="Organization"
            placeholder={ORDER_ORGANIZATION_FILTER_LABELS[NOT_AVAILABLE]}
            value={values.organizationId}
            valueLabel={values.organizationName}
            useOptions={useOrganizationOptionsQuery}
            noOptionsMessage={MESSAGES.noOrganizationsFound}
            errorMessage={MESSAGES.organizationsFetchErrorOccurred}
            onChange={(organizationId, organizationName) =>
              set({ organizationId, organizationName })
            }
          />
        </Col>
        {text('email', 'Email', 4, 'email')}
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
      </FormSection>
      <FormSection title="Order details">
        <Col xs={12} md={4}>
          <Form.Group controlId="order-product">
            <Form.Label>Product</Form.Label>
            <Form.Select
              name="productId"
              value={values.productId}
              isInvalid={Boolean(errorOf('productId'))}
              onChange={(event) => set({ productId: event.target.value })}
            >
              {warning && <option value={values.productId}>{loaded.product}</option>}
              {products.map((product) => (
                <option key={product._id} value={product._id}>
                  {product.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errorOf('productId')}</Form.Control.Feedback>
          </Form.Group>
          {warning && (
            <Alert variant="warning" className="mt-2 mb-0 small">
              {warning}
            </Alert>
          )}
        </Col>
        {amount('totalAmountOrder', 'Total amount (€)')}
        {date('dateOrder', 'Order date')}
      </FormSection>
      <FormSection title="Deposit information">
        {amount('amountDeposit', 'Deposit (€)')}
        {text('paymentTypeDeposit', 'Deposit payment type')}
      </FormSection>
      <FormSection title="Balance information">
        <Col xs={12} md={4}>
          <Form.Group controlId="order-balance">
            <Form.Label>Balance to pay</Form.Label>
            <Form.Control readOnly plaintext value={formatEuros(balance) || '—'} />
          </Form.Group>
        </Col>
        {date('dateOfBalance', 'Balance date')}
        {text('paymentTypeBalance', 'Balance payment type')}
      </FormSection>
      <FormSection title="Payment status">
        {amount('totalPaid', 'Total paid (€)')}
        {check('paidTotaly', 'Paid totally')}
        {check('balancePaid', 'Balance paid')}
      </FormSection>
      <FormSection title="VAT information">
        <Col xs="auto">
          <Form.Check
            id="order-noVat"
            label="No VAT"
            checked={values.noVat}
            onChange={(event) =>
              setValues((current) => toggleVat(current, 'noVat', event.target.checked))
            }
          />
        </Col>
        <Col xs="auto">
          <Form.Check
            id="order-withVat"
            label="With VAT"
            checked={values.withVat}
            onChange={(event) =>
              setValues((current) => toggleVat(current, 'withVat', event.target.checked))
            }
          />
        </Col>
        {showVatNumber(values) && text('vatNumber', 'VAT number')}
      </FormSection>
      <FormSection title="Order origin">
        <Col xs={12} md={4}>
          <Form.Group controlId="order-from">
            <Form.Label>Initiated by</Form.Label>
            <Form.Select
              name="from"
              value={values.from}
              isInvalid={Boolean(errorOf('from'))}
              onChange={(event) => set({ from: event.target.value as OrderOrigin | '' })}
            >
              <option value="">{ORDER_ORIGIN_FILTER_LABELS[NOT_AVAILABLE]}</option>
              {ORDER_ORIGINS.map((origin) => (
                <option key={origin} value={origin}>
                  {ORDER_ORIGIN_LABELS[origin]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errorOf('from')}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </FormSection>
      <FormSection title="Invoice information">{check('toInvoice', 'To invoice')}</FormSection>
      <FormSection title="Comments">
        <Col xs={12}>
          <Form.Group controlId="order-comment">
            <Form.Label className="visually-hidden">Comment</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              name="comment"
              value={values.comment}
              isInvalid={Boolean(errorOf('comment'))}
              onChange={(event) => set({ comment: event.target.value })}
            />
            <Form.Control.Feedback type="invalid">{errorOf('comment')}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </FormSection>
      <DeleteUpdateActions
        deleteTitle="Delete order"
        saving={saving}
        deleting={deleting}
        onDelete={remove}
        className="d-flex justify-content-end gap-2"
      />
    </Form>
  );
}
