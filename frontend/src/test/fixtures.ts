// Test data shared by the features' tests (imported by *.test.tsx only).
import type { AttachedFile, OrganizationView } from '@registra/domain';
import type { ListAnswer } from '../types/api';
import type { Link, Person } from '../types/records';
import { aoife, json } from './render';

export function makePerson(overrides: Partial<Person> = {}): Person {
  return {
    _id: 'p1',
    firstName: 'Siobhán',
    lastName: 'Kelly',
    phone: null,
    mail: 'siobhan@example.ie',
    birth: '1985-04-12',
    nationality: 'Irish',
    country: 'ireland',
    ipn: null,
    pps: null,
    addressStreet1: '1 Main Street',
    addressZip1: null,
    addressCity1: 'Cork',
    addressState1: null,
    addressCountry1: 'ireland',
    comments: null,
    vif: true,
    idPal: false,
    pep: false,
    companyForm: null,
    dateAml: '2026-01-31',
    attachedFiles: [],
    files: [],
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

/**
 * A person–organization link, `l1`: a director, no dates recorded, made on 12 January 2026.
 * `sides` are its person and organization as the answer gives them (an id, or the record).
 */
export function makeLink<P, O>(
  sides: { peopleId: P; organizationId: O },
  overrides: Partial<Omit<Link, 'peopleId' | 'organizationId'>> = {},
) {
  return {
    _id: 'l1',
    ...sides,
    roles: ['director'],
    beneficiaryPercentage: 0,
    appointedOn: null,
    ceasedOn: null,
    beneficialInterest: null,
    createdAt: '2026-01-12T09:00:00.000Z',
    updatedAt: '2026-01-12T09:00:00.000Z',
    ...overrides,
  } satisfies Omit<Link, 'peopleId' | 'organizationId'> & { peopleId: P; organizationId: O };
}

export const listAnswer = <T>(data: T[], page = 1, totalPages = 1): ListAnswer<T> => ({
  ok: true,
  data,
  totalItems: data.length,
  totalPages,
  page,
  limit: 25,
});

/**
 * A stored token and the session answer, so the signed-in area opens; plus the staff users that
 * the organization pages' user selects load.
 */
export function signIn() {
  localStorage.setItem('token', 'stored');
  return {
    'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: aoife }),
    'POST /api/user/search': () => json(200, { ok: true, data: [aoife] }),
  };
}

/** An organization as GET /organization/{id} answers it (several features show one). */
export function makeOrganization(overrides: Partial<OrganizationView> = {}): OrganizationView {
  return {
    _id: 'o1',
    name: 'Emerald Isle Trading Ltd',
    mail: 'hello@emerald.ie',
    cro: '654321',
    language: 'en',
    creationStatus: 'IN_PROGRESS',
    creationPackage: 'FULL_PACK',
    incorporationDate: null,
    businessActivity: null,
    address: '1 Grafton Street, Dublin 2',
    country: 'ireland',
    rbo: false,
    comments: null,
    notes: null,
    attachedFiles: [],
    files: [],
    users: [],
    aml: {},
    firstAr: null,
    status: false,
    nextArReminder: null,
    B1B73: null,
    bilan: false,
    annualReturnAutoStart: true,
    financialYearEnd: null,
    relationshipEndedOn: null,
    corporationTaxPaid: [],
    corporationTaxPaidReminder: null,
    coroporationTaxNumber: null,
    accountingComments: null,
    finotor: 'not_sent',
    finotorEmailSentAt: null,
    finotorRegisteredAt: null,
    hasDomiciliation: false,
    domiciliationSubscription: null,
    domiciliationSubscriptionPlan: 12,
    domiciliationPaidReminder: null,
    domiciliationPaymentHistory: [],
    hasSecretaryCompany: false,
    secretaryCompanySubscription: null,
    secretaryCompanySubscriptionPlan: 12,
    secretaryCompanyPaidReminder: null,
    secretaryCompanyPaymentHistory: [],
    hasAnonymousShareholder: false,
    anonymousShareholderSubscription: null,
    anonymousShareholderSubscriptionPlan: 12,
    anonymousShareholderPaidReminder: null,
    anonymousShareholdePaymentHistory: [],
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

/** A record's files as the API answers them: the URLs as `attachedFiles`, the entries as `files`. */
export const withFiles = (files: AttachedFile[]) => ({
  attachedFiles: files.map((file) => file.url),
  files,
});
