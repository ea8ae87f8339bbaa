/** Orders, products and the order-subscription link (docs/product/orders-and-subscriptions.md). */
import { ORDER_AMOUNT_MAX, ORDER_AMOUNT_MIN } from '../limits';
import { MESSAGES } from '../messages';
import { centsToEuros, hasAtMostTwoDecimals, parseEurosInput } from '../money';
import { isIsoDate } from './dates';

export interface NewOrderDraft {
  organizationId?: string | null;
  newOrganization?: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
  productId?: string | null;
  dateOrder?: string | null;
  totalPaid?: number | null;
}

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** totalPaid: "number, min 0, step 0.01, euros". */
export const isValidOrderAmount = (value: unknown): value is number =>
  hasAtMostTwoDecimals(value) && value >= ORDER_AMOUNT_MIN;

/**
 * "Submit is disabled ... unless totalPaid, dateOrder, product and (an organization, or a new
 * organization with first and last name) are all filled."
 */
export function isNewOrderComplete(draft: NewOrderDraft): boolean {
  const customer = draft.newOrganization
    ? filled(draft.firstName) && filled(draft.lastName)
    : filled(draft.organizationId);
  return (
    isValidOrderAmount(draft.totalPaid) &&
    isIsoDate(draft.dateOrder) &&
    filled(draft.productId) &&
    customer
  );
}

/**
 * What is wrong with a typed order total, in words, or null when it is empty or a valid amount:
 * a negative total, more than 2 decimals, too large, or not a number.
 */
export function orderAmountInputError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const cents = parseEurosInput(trimmed);
  if (cents !== null) {
    if (cents < 0) return MESSAGES.totalNegative;
    return centsToEuros(cents) > ORDER_AMOUNT_MAX ? MESSAGES.amountTooLarge : null;
  }
  const number = Number(trimmed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
  if (!Number.isFinite(number)) return MESSAGES.amountNotANumber;
  return number < 0 ? MESSAGES.totalNegative : MESSAGES.amountTooPrecise;
}

/**
 * The notice under a disabled submit: 'Please fill in all required fields to submit' when a
 * required field is empty; null when they are all filled, even if the total is wrong (that
 * field then says what is wrong, `orderAmountInputError`).
 */
export const newOrderNotice = (draft: NewOrderDraft, totalPaidText?: string): string | null => {
  const amountTyped = totalPaidText !== undefined && totalPaidText.trim() !== '';
  const rest = amountTyped ? { ...draft, totalPaid: ORDER_AMOUNT_MIN } : draft;
  return isNewOrderComplete(rest) ? null : MESSAGES.orderRequiredFields;
};

/**
 * "Ticking [The organization doesn't exist yet] clears the chosen organization, disables the
 * selector and reveals first and last name inputs."
 */
export function setNewOrganization<T extends NewOrderDraft>(draft: T, checked: boolean): T {
  return checked
    ? { ...draft, newOrganization: true, organizationId: null }
    : { ...draft, newOrganization: false, firstName: '', lastName: '' };
}

export interface VatState {
  noVat: boolean;
  withVat: boolean;
  vatNumber: string;
}

/**
 * "Ticking 'No VAT' sets noVat true, withVat false and clears the VAT number. Ticking 'With VAT'
 * sets withVat true, noVat false. Unticking one sets the other." Unticking 'With VAT' ticks
 * 'No VAT', so the number is cleared then too: a number without VAT would be hidden and stale.
 */
export function toggleVat<T extends VatState>(
  state: T,
  box: 'noVat' | 'withVat',
  checked: boolean,
): T {
  const noVat = box === 'noVat' ? checked : !checked;
  return noVat
    ? { ...state, noVat: true, withVat: false, vatNumber: '' }
    : { ...state, noVat: false, withVat: true };
}

/** "The VAT number field shows only when withVat is on." */
export const showVatNumber = (state: Pick<VatState, 'withVat'>): boolean => state.withVat;

/** "Product: name non-empty after trimming ('Product name is required')." */
export function checkProductName(name: string | null | undefined):
  | { ok: true; name: string }
  | {
      ok: false;
      message: string;
    } {
  const trimmed = (name ?? '').trim();
  return trimmed
    ? { ok: true, name: trimmed }
    : { ok: false, message: MESSAGES.productNameRequired };
}

/** "If the order's product is not in the product list, the warning ... shows." */
export const productWarning = (
  productId: string | null | undefined,
  products: ReadonlyArray<{ _id: string }>,
): string | null =>
  productId && !products.some((product) => product._id === productId)
    ? MESSAGES.productNotFound
    : null;

/** "Linking an order to a subscription needs both a subscription and an order chosen." */
export const canLinkOrderToSubscription = (
  subscriptionId: string | null | undefined,
  orderId: string | null | undefined,
): boolean => filled(subscriptionId) && filled(orderId);
