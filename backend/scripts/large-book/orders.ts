/**
 * Products, orders and subscriptions: 5k products (one in ten by subscription), 300k orders over
 * the book's organizations (one in ten for a customer without one), 100k subscriptions, a third
 * of them paid by linked orders.
 */
import { addMonths, SUBSCRIPTION_STATUSES } from '@registra/domain';
import { orders } from '../../src/orders/orders.schema';
import { searchTextOf } from '../../src/platform/database/search';
import { products } from '../../src/products/products.schema';
import { subscriptions } from '../../src/subscriptions/subscriptions.schema';
import { organizationAt, personAt, seededId } from '../irish-book';
import { BOOK, createdAt, inBatches, sizeFrom } from './support';
import type { LargeBookPart } from './support';

const PRODUCTS = sizeFrom('SEED_PRODUCTS', 5_000);
const ORDERS = sizeFrom('SEED_ORDERS', 300_000);
const SUBSCRIPTIONS = sizeFrom('SEED_SUBSCRIPTIONS', 100_000);
const KINDS = [
  'Company formation',
  'Domiciliation',
  'Accounting pack',
  'Secretary service',
  'Tax return',
];
const PAYMENT_TYPES = ['Card', 'Transfer', 'Cash', 'Cheque'];

const productName = (i: number) => `${KINDS[i % KINDS.length]} ${Math.floor(i / KINDS.length) + 1}`;
/** One product in ten is a subscription product: 0, 10, 20, … */
const isSubscriptionProduct = (i: number) => i % 10 === 0;
const day = (i: number) => {
  const date = new Date(Date.UTC(2020, 0, 1) + (i % 2500) * 86_400_000);
  return date.toISOString().slice(0, 10);
};

export const ordersPart: LargeBookPart = {
  name: 'orders',
  tables: ['products', 'orders', 'subscriptions'],
  async seed(db) {
    await inBatches('products', PRODUCTS, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const name = productName(i);
        rows.push({
          id: seededId(0x50, i),
          name,
          subscription: isSubscriptionProduct(i),
          searchText: searchTextOf(name),
        });
      }
      await db.insert(products).values(rows).onConflictDoNothing();
    });

    await inBatches('subscriptions', SUBSCRIPTIONS, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const organization = BOOK.organizations > 0 ? (i * 3) % BOOK.organizations : 0;
        const productIndex = ((i * 7) % Math.ceil(PRODUCTS / 10)) * 10;
        const organizationName = organizationAt(organization).name;
        rows.push({
          id: seededId(0x51, i),
          organizationId: seededId(1, organization),
          organizationName,
          productId: seededId(0x50, productIndex),
          productName: productName(productIndex),
          status: SUBSCRIPTION_STATUSES[i % 7 === 0 ? 2 : i % 5 === 0 ? 1 : 0],
          plan: [1, 3, 6, 12][i % 4],
          startingDate: day(i),
          // The first third is paid one period by order 3i (below).
          nextDueDate: addMonths(
            day(i),
            i < SUBSCRIPTIONS / 3 && 3 * i < ORDERS ? [1, 3, 6, 12][i % 4] : 0,
          ),
          searchText: searchTextOf(organizationName),
          createdAt: createdAt(i, SUBSCRIPTIONS),
          updatedAt: createdAt(i, SUBSCRIPTIONS),
        });
      }
      await db.insert(subscriptions).values(rows).onConflictDoNothing();
    });

    await inBatches('orders', ORDERS, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const productIndex = (i * 11) % PRODUCTS;
        const withOrganization = BOOK.organizations > 0 && i % 10 !== 0;
        const organization = withOrganization ? organizationAt((i * 3) % BOOK.organizations) : null;
        const person = personAt(i % Math.max(1, BOOK.people));
        const totalCents = 5_000 + ((i * 137) % 200_000);
        const depositCents = i % 3 === 0 ? Math.floor(totalCents / 2) : null;
        // Subscription i (i < subscriptions / 3 … ) is paid by order 3i: a third are paid.
        const paying = i % 3 === 0 && i / 3 < SUBSCRIPTIONS / 3;
        const values = {
          company: organization?.name ?? '',
          organizationName: organization?.name ?? null,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.mail,
          product: productName(productIndex),
        };
        rows.push({
          id: seededId(0x52, i),
          ...values,
          organizationId: organization ? organization.id : null,
          origin: i % 4 === 0 ? null : i % 4 === 1 ? ('NEOCIRCLE' as const) : ('NOMAD' as const),
          productId: seededId(0x50, productIndex),
          totalAmountOrderCents: totalCents,
          amountDepositCents: depositCents,
          amountBalanceToPaidCents: depositCents === null ? totalCents : totalCents - depositCents,
          // Dated as they came in, like a real book's: the newest orders carry the latest dates.
          // A date taken round-robin (7i) made a surname's share among the newest orders shrink
          // as the book grew, and the date index's walk for a text longer with it.
          dateOrder: day(Math.floor((i * 2500) / ORDERS)),
          paymentTypeDeposit: PAYMENT_TYPES[i % 4],
          paymentTypeBalance: PAYMENT_TYPES[(i + 1) % 4],
          totalPaidCents: depositCents ?? totalCents,
          paidTotaly: i % 2 === 0,
          balancePaid: i % 3 === 1,
          withVat: i % 5 === 0,
          noVat: i % 5 !== 0,
          vatNumber: i % 5 === 0 ? `IE${1_000_000 + i}T` : '',
          subscriptionId: paying ? seededId(0x51, i / 3) : null,
          searchText: searchTextOf(...Object.values(values)),
          createdAt: createdAt(i, ORDERS),
          updatedAt: createdAt(i, ORDERS),
        });
      }
      await db.insert(orders).values(rows).onConflictDoNothing();
    });
  },
};
