import { describe, expect, it } from 'vitest';
import {
  canLinkOrderToSubscription,
  checkProductName,
  isNewOrderComplete,
  isValidOrderAmount,
  newOrderNotice,
  orderAmountInputError,
  productWarning,
  setNewOrganization,
  showVatNumber,
  toggleVat,
  type NewOrderDraft,
} from './orders';

const complete: NewOrderDraft = {
  organizationId: 'org-1',
  productId: 'prod-1',
  dateOrder: '2026-11-21',
  totalPaid: 120.5,
};

describe('02-5.8 "Creation requires totalPaid, dateOrder, product and (an organization, or a new organization with first and last name)"', () => {
  it.each([
    ['complete with an organization', complete, true],
    ['totalPaid 0 is filled', { ...complete, totalPaid: 0 }, true],
    ['no totalPaid', { ...complete, totalPaid: null }, false],
    ['negative totalPaid', { ...complete, totalPaid: -1 }, false],
    ['three decimals', { ...complete, totalPaid: 1.005 }, false],
    ['no dateOrder', { ...complete, dateOrder: '' }, false],
    ['no product', { ...complete, productId: '  ' }, false],
    ['no organization', { ...complete, organizationId: null }, false],
    [
      'a new organization with first and last name',
      {
        ...complete,
        organizationId: null,
        newOrganization: true,
        firstName: 'Ann',
        lastName: 'Ryan',
      },
      true,
    ],
    [
      'a new organization without last name',
      { ...complete, organizationId: null, newOrganization: true, firstName: 'Ann', lastName: '' },
      false,
    ],
    [
      'a new organization without first name',
      { ...complete, newOrganization: true, lastName: 'Ryan' },
      false,
    ],
  ])('%s → %s', (_, draft, ok) => {
    expect(isNewOrderComplete(draft)).toBe(ok);
    expect(newOrderNotice(draft)).toBe(ok ? null : 'Please fill in all required fields to submit');
  });

  it.each([
    // typed text, what the Total paid field says
    ['', null],
    ['250.50', null],
    ['0', null],
    ['1 000,5', null],
    ['100000000', null],
    ['-1', 'The total cannot be negative'],
    ['-0.5', 'The total cannot be negative'],
    ['-1.005', 'The total cannot be negative'],
    ['1.005', 'The amount has at most 2 decimals'],
    ['100000000.01', 'The amount is too large'],
    ['abc', 'Enter an amount in euros, e.g. 250.50'],
  ])('total paid typed %j → %j', (text, error) => {
    expect(orderAmountInputError(text)).toBe(error);
  });

  it('a wrong total with every other field filled is not "fill in all required fields"', () => {
    const typedNegative = { ...complete, totalPaid: null };
    expect(newOrderNotice(typedNegative, '-5')).toBeNull();
    expect(newOrderNotice(typedNegative, '')).toBe('Please fill in all required fields to submit');
    expect(newOrderNotice({ ...typedNegative, productId: '' }, '-5')).toBe(
      'Please fill in all required fields to submit',
    );
  });

  it.each([
    [0, true],
    [0.01, true],
    [99.99, true],
    [-0.01, false],
    [0.001, false],
    [Number.NaN, false],
    ['10', false],
  ])('"totalPaid: number, min 0, step 0.01": %j valid %s', (value, valid) => {
    expect(isValidOrderAmount(value)).toBe(valid);
  });

  it('"Ticking it clears the chosen organization ... and reveals first and last name inputs"', () => {
    expect(setNewOrganization(complete, true)).toMatchObject({
      newOrganization: true,
      organizationId: null,
    });
    expect(
      setNewOrganization(
        { ...complete, newOrganization: true, firstName: 'A', lastName: 'B' },
        false,
      ),
    ).toMatchObject({ newOrganization: false, firstName: '', lastName: '' });
  });
});

describe("02-4.8 \"VAT: ticking 'No VAT' sets noVat true, withVat false and clears the VAT number. Ticking 'With VAT' sets withVat true, noVat false. Unticking one sets the other.\"", () => {
  const withVat = { noVat: false, withVat: true, vatNumber: 'IE1234567T', paidTotaly: true };
  const noVat = { noVat: true, withVat: false, vatNumber: '', paidTotaly: false };

  it.each([
    ['tick No VAT', withVat, 'noVat', true, { noVat: true, withVat: false, vatNumber: '' }],
    ['tick With VAT', noVat, 'withVat', true, { noVat: false, withVat: true, vatNumber: '' }],
    ['untick No VAT', noVat, 'noVat', false, { noVat: false, withVat: true, vatNumber: '' }],
    ['untick With VAT', withVat, 'withVat', false, { noVat: true, withVat: false, vatNumber: '' }],
    [
      'tick With VAT again keeps the number',
      withVat,
      'withVat',
      true,
      { noVat: false, withVat: true, vatNumber: 'IE1234567T' },
    ],
  ] as const)('%s', (_, state, box, checked, expected) => {
    const next = toggleVat(state, box, checked);
    expect(next).toMatchObject(expected);
    // 02-4.7 "paidTotaly and balancePaid are independent checkboxes": VAT leaves them alone.
    expect(next.paidTotaly).toBe(state.paidTotaly);
    expect(showVatNumber(next)).toBe(expected.withVat);
  });
});

describe('02-5.7 "Product: name non-empty after trimming (\'Product name is required\')"', () => {
  it.each([
    ['  Domiciliation  ', { ok: true, name: 'Domiciliation' }],
    ['   ', { ok: false, message: 'Product name is required' }],
    [null, { ok: false, message: 'Product name is required' }],
  ])('%j → %j', (name, expected) => {
    expect(checkProductName(name)).toEqual(expected);
  });

  it.each([
    ['p1', [{ _id: 'p1' }], null],
    ['p9', [{ _id: 'p1' }], 'Product not found, please select from available options'],
    [null, [{ _id: 'p1' }], null],
  ])('order product %j among %j → warning %j', (productId, products, warning) => {
    expect(productWarning(productId, products)).toBe(warning);
  });
});

describe('01-5.13 "Linking an order to a subscription needs both a subscription and an order chosen"', () => {
  it.each([
    ['sub-1', 'order-1', true],
    ['sub-1', null, false],
    [null, 'order-1', false],
    ['', '', false],
  ])('subscription %j, order %j → %s', (subscription, order, ok) => {
    expect(canLinkOrderToSubscription(subscription, order)).toBe(ok);
  });
});
