import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import {
  dateFilterSchema,
  emailFieldSchema,
  followUpDateSchema,
  formRequestSchema,
  importOrganizationSchema,
  importPersonSchema,
  linkRolesSchema,
  newOrderSchema,
  newOrganizationSchema,
  newPersonSchema,
  organizationInformationSchema,
  orderSchema,
  personInformationSchema,
  productSchema,
  publicFormPersonSchema,
  publicFormSchema,
  servicePlanSchema,
  signInSchema,
  signUpSchema,
  subscriptionCreateSchema,
  subscriptionStatusSchema,
  taskCreateSchema,
  taskEditSchema,
} from './schemas';

/** The messages of every failing field, or [] when the value is valid. */
function errorsOf(schema: AnySchema | { validateSync: AnySchema['validateSync'] }, value: unknown) {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('01-5.1 / 01-5.2 sign-in and sign-up forms', () => {
  it.each([
    [{ email: 'a@b.ie', password: 'x' }, []],
    [{ email: '', password: '' }, ['E-mail is required', 'Password is required']],
  ])('sign-in %j → %j', (value, errors) => {
    expect(errorsOf(signInSchema, value)).toEqual(errors);
  });

  const signUp = {
    firstName: 'Ann',
    lastName: 'Ryan',
    email: 'ann@firm.ie',
    password: 'twelve chars',
    secretCode: 'code',
  };
  it.each([
    [signUp, []],
    // 12 characters at least: 11 are refused.
    [{ ...signUp, password: 'elevenchars' }, ['Password must be at least 12 characters']],
    [{ ...signUp, email: 'ann' }, ['E-mail is not valid']],
    [
      {},
      [
        'First name is required',
        'Last name is required',
        'E-mail is required',
        'Password is required',
        'Secret code is required',
      ],
    ],
  ])('sign-up %j → %j', (value, errors) => {
    expect(errorsOf(signUpSchema, value)).toEqual(errors);
  });
});

describe('01-5.3 "New organization: name required. New people: first and last name required."', () => {
  it.each([
    [newOrganizationSchema, { name: 'Acme Ltd' }, []],
    [newOrganizationSchema, { name: '   ' }, ['Name is required']],
    [newPersonSchema, { firstName: 'Ann', lastName: 'Ryan' }, []],
    [
      newPersonSchema,
      { firstName: '', lastName: '' },
      ['First name is required', 'Last name is required'],
    ],
  ])('%#: %j → %j', (schema, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });

  it('opened from a person, roles start empty and the beneficiary at 0', () => {
    expect(newOrganizationSchema.cast({ name: 'Acme' })).toEqual({
      name: 'Acme',
      roles: [],
      beneficiaryPercentage: 0,
    });
  });
});

describe('01-5.4 "Beneficiary percentage: number input 0 to 100"', () => {
  const message = 'Beneficiary percentage must be between 0 and 100';
  it.each([
    [0, []],
    [100, []],
    [55.5, []],
    ['', []],
    [-1, [message]],
    [101, [message]],
    ['abc', [message]],
  ])('%j → %j', (beneficiaryPercentage, errors) => {
    expect(errorsOf(linkRolesSchema, { roles: ['shareholder'], beneficiaryPercentage })).toEqual(
      errors,
    );
  });

  it('accepts only the roles of a person in an organization', () => {
    expect(errorsOf(linkRolesSchema, { roles: ['nonExecutiveDirector'] })).toHaveLength(1);
    expect(errorsOf(linkRolesSchema, { roles: ['director', 'nomineeDirector'] })).toEqual([]);
  });
});

describe('01-5.5 "Person information form: no required or format checks"', () => {
  it.each([[{}], [{ mail: 'not-an-email', birth: 'whenever', phone: null }]])(
    '%j is accepted',
    (value) => {
      expect(errorsOf(personInformationSchema, value)).toEqual([]);
    },
  );
});

describe('01-5.8 / 01-9.7 "Subscription creation: period a number from 1 to 60, required, default 6; starting date required, default today; product required"', () => {
  const schema = subscriptionCreateSchema(new Date('2026-11-21T10:00:00Z'));
  it('defaults to 6 months from today', () => {
    expect(schema.getDefault()).toMatchObject({ plan: 6, startingDate: '2026-11-21' });
    expect(subscriptionCreateSchema().getDefault().plan).toBe(6);
  });

  it.each([
    [{ productId: 'p1', plan: 1, startingDate: '2026-11-21' }, []],
    [{ productId: 'p1', plan: 60, startingDate: '2026-11-21' }, []],
    [
      { productId: 'p1', plan: 0, startingDate: '2026-11-21' },
      ['Period must be between 1 and 60 months'],
    ],
    [
      { productId: 'p1', plan: 61, startingDate: '2026-11-21' },
      ['Period must be between 1 and 60 months'],
    ],
    [
      { productId: 'p1', plan: 2.5, startingDate: '2026-11-21' },
      ['Period must be between 1 and 60 months'],
    ],
    [{ productId: 'p1', plan: 'x', startingDate: '2026-11-21' }, ['Period is required']],
    [
      { productId: '', plan: 6, startingDate: '' },
      ['Product is required', 'Starting date is required'],
    ],
  ])('%j → %j', (value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });

  it.each([
    [6, true],
    [12, true],
    [3, false],
  ])('01-9.7 "Service plans 6 or 12 months": %i valid %s', (plan, valid) => {
    expect(servicePlanSchema.isValidSync(plan)).toBe(valid);
  });

  it.each([
    ['CURRENT', true],
    ['UNPAID', true],
    ['PAUSED', false],
  ])('subscription status %s valid %s', (status, valid) => {
    expect(subscriptionStatusSchema.isValidSync(status)).toBe(valid);
  });
});

describe('01-5.9 / 02-5.3 dates "must match yyyy-mm-dd, from 2000-01-01 to 2099-12-31"', () => {
  it.each([
    ['2026-11-21', []],
    ['2099-12-31', []],
    // A day no calendar has is said in words, not as a format error.
    ['2026-02-30', ['This date does not exist']],
    ['2023-02-29', ['This date does not exist']],
    ['2024-02-29', []],
    ['21/11/2026', ['Date must match yyyy-mm-dd']],
    ['1999-12-31', ['Date must be between 2000-01-01 and 2099-12-31']],
    ['', ['Date must match yyyy-mm-dd']],
  ])('follow-up ARD / start date %j → %j', (value, errors) => {
    expect(errorsOf(followUpDateSchema, value)).toEqual(errors);
  });

  it.each([
    ['', true],
    [undefined, true],
    ['2026-11-21', true],
    ['2100-01-01', false],
    ['2026/11/21', false],
  ])('"Date filters accept only empty or YYYY-MM-DD": %j valid %s', (value, valid) => {
    expect(dateFilterSchema.isValidSync(value)).toBe(valid);
  });
});

describe('02-5.6 "Task: title required; users required"', () => {
  it.each([
    [taskCreateSchema, { title: 'File B1' }, []],
    [taskCreateSchema, { title: ' ' }, ['Title is required']],
    [taskEditSchema, { title: 'File B1', users: [{ userId: 'u1', userName: 'Ann' }] }, []],
    [taskEditSchema, { title: 'File B1', users: [] }, ['Please add at least one user']],
    [
      taskEditSchema,
      { title: '', status: 'LATER' },
      ['Title is required', expect.stringContaining('status'), 'Please add at least one user'],
    ],
  ])('%#: %j → %j', (schema, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });

  it('a task is "TO DO" by default', () => {
    expect(taskEditSchema.cast({ title: 'x', users: [] }).status).toBe('TO DO');
  });
});

describe('02-5.7 / 02-5.8 products and orders', () => {
  it.each([
    [{ name: '  Domiciliation ' }, []],
    [{ name: '   ' }, ['Product name is required']],
  ])('product %j → %j', (value, errors) => {
    expect(errorsOf(productSchema, value)).toEqual(errors);
  });

  const order = { organizationId: 'o1', productId: 'p1', dateOrder: '2026-11-21', totalPaid: 100 };
  it.each([
    ['complete', order, []],
    ['totalPaid 0.01', { ...order, totalPaid: 0.01 }, []],
    ['negative totalPaid ("min 0")', { ...order, totalPaid: -1 }, ['The total cannot be negative']],
    [
      'three decimals ("step 0.01")',
      { ...order, totalPaid: 1.005 },
      ['The amount has at most 2 decimals'],
    ],
    ['no totalPaid', { ...order, totalPaid: '' }, ['The amount is required']],
    [
      'no organization',
      { ...order, organizationId: '' },
      ['Please fill in all required fields to submit'],
    ],
    [
      'a new organization with names',
      {
        ...order,
        organizationId: 'ignored',
        newOrganization: true,
        firstName: 'Ann',
        lastName: 'Ryan',
      },
      [],
    ],
    [
      'a new organization without names',
      { ...order, organizationId: null, newOrganization: true },
      ['First name is required', 'Last name is required'],
    ],
    [
      'no product, no date',
      { ...order, productId: '', dateOrder: '' },
      ['Product is required', 'The order date is required'],
    ],
  ])('new order, %s → %j', (_, value, errors) => {
    expect(errorsOf(newOrderSchema, value)).toEqual(errors);
  });

  it('a new organization drops the chosen one', () => {
    expect(
      newOrderSchema.cast(
        { ...order, newOrganization: true, firstName: 'A', lastName: 'B' },
        { stripUnknown: true },
      ),
    ).not.toHaveProperty('organizationId');
  });

  // 02-4.7 "Order payment flags: paidTotaly and balancePaid are independent checkboxes."
  it.each([
    [true, true],
    [true, false],
    [false, true],
    [false, false],
  ])('order detail accepts paidTotaly %s with balancePaid %s', (paidTotaly, balancePaid) => {
    expect(errorsOf(orderSchema, { paidTotaly, balancePaid })).toEqual([]);
  });

  it('"Order detail amounts step 0.01"', () => {
    expect(errorsOf(orderSchema, { amountDeposit: 10.25, totalAmountOrder: null })).toEqual([]);
    expect(errorsOf(orderSchema, { amountDeposit: 10.255 })).toEqual([
      'The amount has at most 2 decimals',
    ]);
  });
});

describe('02-5.9 "Form detail: name 1 and description required; beneficiary percentage 0 to 100"', () => {
  it.each([
    [{ organizationName1: 'Acme', description: 'Trading', peoples: [] }, []],
    [
      {
        organizationName1: '',
        description: '',
        peoples: [{ roles: ['shareholder'], beneficiaryPercentage: 120 }],
      },
      [
        'Organization name 1 is required',
        'Description is required',
        'Beneficiary percentage must be between 0 and 100',
      ],
    ],
  ])('%j → %j', (value, errors) => {
    expect(errorsOf(formRequestSchema, value)).toEqual(errors);
  });
});

describe('02-5.2 public form fields: "Required: three company names, activity description, street, city, state, country, postal code. Flagged required: first name, last name, email, phone, birth date, nationality."', () => {
  const personValue = {
    roles: ['director'],
    firstName: 'Jean',
    lastName: 'Dupont',
    mail: 'jean@exemple.fr',
    phone: '+33 6 12 34 56 78',
    birth: '1980-05-01',
    nationality: 'française',
    street: '1 rue de la Paix',
    city: 'Paris',
    state: 'Île-de-France',
    country: 'france',
    zip: '75002',
  };
  const form = {
    organizationName1: 'A',
    organizationName2: 'B',
    organizationName3: 'C',
    description: 'Conseil',
    IDPAL: true,
    peoples: [personValue],
  };

  it('a complete form passes', () => {
    expect(errorsOf(publicFormSchema, form)).toEqual([]);
  });

  it('every required field says "Ce champ est obligatoire"', () => {
    const errors = errorsOf(publicFormSchema, { peoples: [{}] });
    // 4 company fields + 11 person fields
    expect(errors).toHaveLength(15);
    expect(new Set(errors)).toEqual(new Set(['Ce champ est obligatoire']));
  });

  it.each([
    [{ mail: 'jean' }, ['Adresse e-mail invalide']],
    [{ mail: 'jean@.fr' }, ['Adresse e-mail invalide']],
    [{ mail: 'jean@@exemple.fr' }, ['Adresse e-mail invalide']],
    [{ birth: '1960-02-30' }, ['Cette date n’existe pas']],
    [{ birth: '1990-02-31' }, ['Cette date n’existe pas']],
    [{ birth: '31/02/1990' }, ['Date de naissance invalide']],
    [{ birth: '1850-01-01' }, ['Date de naissance invalide']],
    [{ beneficiaryPercentage: 101 }, ['Le pourcentage doit être compris entre 0 et 100']],
    [{ roles: ['nonExecutiveDirector'], personType: 'legalPerson', KBIS: '123 456 789' }, []],
  ])('person with %j → %j', (change, errors) => {
    expect(errorsOf(publicFormPersonSchema, { ...personValue, ...change })).toEqual(errors);
  });

  it('a form needs at least one person card', () => {
    expect(errorsOf(publicFormSchema, { ...form, peoples: [] })).toHaveLength(1);
  });
});

describe('text lengths: the client checks the limits of the server (TEXT_MAX_LENGTHS) before sending', () => {
  const long = (length: number) => 'x'.repeat(length);
  const order = { organizationId: 'o1', productId: 'p1', dateOrder: '2026-11-21', totalPaid: 1 };
  const request = { organizationName1: 'A', description: 'Conseil', peoples: [] };
  const personValue = {
    roles: ['director'],
    firstName: 'Jean',
    lastName: 'Dupont',
    mail: 'jean@exemple.fr',
    phone: '+33 6 12 34 56 78',
    birth: '1980-05-01',
    nationality: 'française',
    street: '1 rue de la Paix',
    city: 'Paris',
    state: 'Île-de-France',
    country: 'france',
    zip: '75002',
  };
  it.each([
    // schema, field, the most it takes, the message one more character gets
    ['person', personInformationSchema, {}, 'comments', 10_000, 'At most 10,000 characters'],
    ['person', personInformationSchema, {}, 'lastName', 200, 'At most 200 characters'],
    ['person', personInformationSchema, {}, 'phone', 100, 'At most 100 characters'],
    ['person', personInformationSchema, {}, 'mail', 254, 'At most 254 characters'],
    ['person', personInformationSchema, {}, 'addressStreet1', 500, 'At most 500 characters'],
    ['new person', newPersonSchema, { firstName: 'A' }, 'lastName', 200, 'At most 200 characters'],
    [
      'organization',
      organizationInformationSchema,
      { name: 'A' },
      'comments',
      20_000,
      'At most 20,000 characters',
    ],
    ['organization', organizationInformationSchema, {}, 'name', 300, 'At most 300 characters'],
    [
      'organization',
      organizationInformationSchema,
      { name: 'A' },
      'cro',
      50,
      'At most 50 characters',
    ],
    [
      'organization',
      organizationInformationSchema,
      { name: 'A' },
      'businessActivity',
      2000,
      'At most 2,000 characters',
    ],
    ['new organization', newOrganizationSchema, {}, 'name', 300, 'At most 300 characters'],
    ['order', orderSchema, {}, 'comment', 10_000, 'At most 10,000 characters'],
    ['order', orderSchema, {}, 'vatNumber', 50, 'At most 50 characters'],
    [
      'new order',
      newOrderSchema,
      { ...order, newOrganization: true, firstName: 'A' },
      'lastName',
      200,
      'At most 200 characters',
    ],
    ['task', taskCreateSchema, {}, 'title', 300, 'At most 300 characters'],
    [
      'task',
      taskEditSchema,
      { title: 'T', users: [{ userId: 'u', userName: 'U' }] },
      'description',
      10_000,
      'At most 10,000 characters',
    ],
    ['product', productSchema, {}, 'name', 200, 'At most 200 characters'],
    ['request', formRequestSchema, request, 'description', 5000, 'At most 5,000 characters'],
    ['request', formRequestSchema, request, 'organizationName2', 200, 'At most 200 characters'],
    [
      'public form person',
      publicFormPersonSchema,
      personValue,
      'lastName',
      200,
      'Au maximum 200 caractères',
    ],
    [
      'public form person',
      publicFormPersonSchema,
      personValue,
      'street',
      500,
      'Au maximum 500 caractères',
    ],
  ] as const)('%s %s: %s at most %i characters', (_, schema, base, field, max, message) => {
    expect(errorsOf(schema as AnySchema, { ...base, [field]: long(max) })).toEqual([]);
    expect(errorsOf(schema as AnySchema, { ...base, [field]: long(max + 1) })).toEqual([message]);
  });

  it("a request person's field too long is named by its path", () => {
    const error = (() => {
      try {
        formRequestSchema.validateSync(
          { ...request, peoples: [{ roles: [], beneficiaryPercentage: 0, city: long(201) }] },
          { abortEarly: false },
        );
      } catch (failure) {
        return failure as { inner: Array<{ path: string; message: string }> };
      }
    })();
    expect(error?.inner.map(({ path, message }) => [path, message])).toEqual([
      ['peoples[0].city', 'At most 200 characters'],
    ]);
  });
});

describe('one e-mail rule for the forms and the import (isEmailAddress), checked when the address changes', () => {
  it.each([
    // schema, value, stored, errors
    [
      'import organization',
      importOrganizationSchema,
      { name: 'Clarke Ltd', mail: 'info@.ie' },
      ['E-mail is not valid'],
    ],
    [
      'import organization',
      importOrganizationSchema,
      { name: 'Clarke Ltd', mail: 'info@clarke.ie' },
      [],
    ],
    [
      'import person',
      importPersonSchema,
      { firstName: 'G', lastName: 'C', mail: 'grainne@@clarke.ie' },
      ['E-mail is not valid'],
    ],
    ['import person', importPersonSchema, { firstName: 'G', lastName: 'C', mail: null }, []],
  ] as const)('%s %j → %j', (_name, schema, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });

  it.each([
    // value, stored, errors
    ['grainne@@clarke.ie', undefined, ['E-mail is not valid']],
    ['grainne@@clarke.ie', 'grainne@@clarke.ie', []],
    ['grainne@clarke.ie', 'grainne@@clarke.ie', []],
    ['info@.ie', 'grainne@@clarke.ie', ['E-mail is not valid']],
    ['', 'grainne@@clarke.ie', []],
  ])('a form field holding %j over the stored %j → %j', (value, stored, errors) => {
    expect(errorsOf(emailFieldSchema(stored), value)).toEqual(errors);
  });

  it('a longer address than the field holds says so', () => {
    expect(errorsOf(emailFieldSchema(undefined, 10), 'abc@cdef.ie')).toEqual([
      'At most 10 characters',
    ]);
  });
});
