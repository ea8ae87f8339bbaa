/**
 * The yup schemas of the client's forms (formik), built from the limits and messages of this
 * library. The server's class-validator DTOs read the same constants.
 */
import * as yup from 'yup';
import {
  ORGANIZATION_ROLES,
  PERSON_TYPES,
  PUBLIC_FORM_ROLES,
  SUBSCRIPTION_STATUSES,
  TASK_STATUSES,
} from '../enums';
import {
  BIRTH_DATE_MIN,
  PASSWORD_MIN_LENGTH,
  SERVICE_PLANS,
  SUBSCRIPTION_PERIOD_DEFAULT,
  SUBSCRIPTION_PERIOD_MAX,
  SUBSCRIPTION_PERIOD_MIN,
  PUBLIC_FORM_ADDRESS_MAX,
  PUBLIC_FORM_DESCRIPTION_MAX,
  PUBLIC_FORM_TEXT_MAX,
  TEXT_MAX_LENGTHS,
} from '../limits';
import {
  importDateOutOfRangeMessage,
  MESSAGES,
  PUBLIC_FORM_MESSAGES,
  textTooLongMessage,
  textTooLongMessageFr,
} from '../messages';
import { todayInDublin } from '../rules/dates';
import { emailFieldProblem, isEmailAddress } from '../rules/email';
import {
  beneficiaryPercentage,
  boundedTexts,
  emptyToUndefined,
  euroAmount,
  isoDate,
  optionalText,
  requiredText,
} from './common';

const email = (required: string, invalid: string, max?: number, tooLong?: string) =>
  requiredText(required, max, tooLong).test('email', invalid, (value) => isEmailAddress(value));

/**
 * A record's optional e-mail field, checked by the one address rule only when it differs from
 * the address the record holds (`stored`; none for a new record): a record imported or saved with
 * a bad address can still be updated on its other fields (ADR 0134).
 */
export const emailFieldSchema = (
  stored?: string | null,
  max: number = TEXT_MAX_LENGTHS.person.mail,
  message: string = MESSAGES.emailInvalid,
) =>
  optionalText(max).test(
    'email',
    message,
    (value) => emailFieldProblem(value, stored, message) === null,
  );

const PERSON = TEXT_MAX_LENGTHS.person;
const ORGANIZATION = TEXT_MAX_LENGTHS.organization;
const ORDER = TEXT_MAX_LENGTHS.order;
const TASK = TEXT_MAX_LENGTHS.task;
const textTooLong = textTooLongMessage;
/** A request's person's text fields, as the staff editor may change them. */
const FORM_PERSON_TEXT = {
  firstName: PUBLIC_FORM_TEXT_MAX,
  lastName: PUBLIC_FORM_TEXT_MAX,
  mail: PUBLIC_FORM_TEXT_MAX,
  phone: PUBLIC_FORM_TEXT_MAX,
  nationality: PUBLIC_FORM_TEXT_MAX,
  street: PUBLIC_FORM_ADDRESS_MAX,
  city: PUBLIC_FORM_TEXT_MAX,
  state: PUBLIC_FORM_TEXT_MAX,
  country: PUBLIC_FORM_TEXT_MAX,
  zip: PUBLIC_FORM_TEXT_MAX,
  KBIS: PUBLIC_FORM_TEXT_MAX,
  authorizedPerson_name: PUBLIC_FORM_TEXT_MAX,
  authorizedPerson_address: PUBLIC_FORM_ADDRESS_MAX,
} as const;

// ---------------------------------------------------------------- session

/** "Sign-in: e-mail and password required." */
export const signInSchema = yup.object({
  email: requiredText(MESSAGES.emailRequired),
  password: yup.string().required(MESSAGES.passwordRequired),
});

/**
 * "Sign-up: e-mail, password and secret code required ...; first and last name are marked
 * required." The password has at least 12 characters.
 */
export const signUpSchema = yup.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: email(MESSAGES.emailRequired, MESSAGES.emailInvalid),
  password: yup
    .string()
    .required(MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
  secretCode: requiredText(MESSAGES.secretCodeRequired),
});

/** A new password as every form asks it (sign-up by invitation, change, reset). */
export const newPasswordSchema = yup
  .string()
  .required(MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

// ---------------------------------------------------------------- people and organizations

const organizationRoles = () =>
  yup.array().of(yup.string().oneOf(ORGANIZATION_ROLES).defined()).default([]);

/**
 * "New organization: name required"; opened from a person it also carries roles and the
 * beneficiary percentage (0 to 100).
 */
export const newOrganizationSchema = yup.object({
  name: requiredText(MESSAGES.nameRequired, ORGANIZATION.name),
  roles: organizationRoles(),
  beneficiaryPercentage: beneficiaryPercentage().default(0),
});

/** "New people: first and last name required." */
export const newPersonSchema = yup.object({
  firstName: requiredText(MESSAGES.firstNameRequired, PERSON.firstName),
  lastName: requiredText(MESSAGES.lastNameRequired, PERSON.lastName),
});

/** Edit Roles: roles and "beneficiary percentage: number input 0 to 100". */
export const linkRolesSchema = yup.object({
  roles: organizationRoles(),
  beneficiaryPercentage: beneficiaryPercentage().default(0),
});

/**
 * "Person information form: no required or format checks": only what the record can hold, each
 * text within its length (the server refuses longer).
 */
export const personInformationSchema = yup.object({
  ...boundedTexts(PERSON),
  birth: optionalText(),
  dateAml: optionalText(),
});

/** The organization's own form (General, Accounting tabs): each text within its length. */
export const organizationInformationSchema = yup.object({
  ...boundedTexts(ORGANIZATION),
  name: requiredText(MESSAGES.nameRequired, ORGANIZATION.name),
});

/** A service plan: 6 or 12 months. */
export const servicePlanSchema = yup.number().oneOf(SERVICE_PLANS).required();

/**
 * "Subscription creation: period a number from 1 to 60, required, default 6; starting date
 * required, default today; product required." A function, so "today" is the day it is built.
 */
export const subscriptionCreateSchema = (now: Date = new Date()) =>
  yup.object({
    productId: requiredText(MESSAGES.productRequired),
    plan: yup
      .number()
      .transform(emptyToUndefined)
      .typeError(MESSAGES.subscriptionPeriodRequired)
      .required(MESSAGES.subscriptionPeriodRequired)
      .integer(MESSAGES.subscriptionPeriodOutOfRange)
      .min(SUBSCRIPTION_PERIOD_MIN, MESSAGES.subscriptionPeriodOutOfRange)
      .max(SUBSCRIPTION_PERIOD_MAX, MESSAGES.subscriptionPeriodOutOfRange)
      .default(SUBSCRIPTION_PERIOD_DEFAULT),
    startingDate: isoDate().required(MESSAGES.startingDateRequired).default(todayInDublin(now)),
  });

export const subscriptionStatusSchema = yup.string().oneOf(SUBSCRIPTION_STATUSES).required();

// ---------------------------------------------------------------- follow-ups

/** The ARD and start-date inputs: yyyy-mm-dd within 2000-01-01..2099-12-31. */
export const followUpDateSchema = isoDate().required(MESSAGES.dateFormatInvalid);

/** List date filters: "only empty or YYYY-MM-DD, within 2000-01-01 to 2099-12-31". */
export const dateFilterSchema = isoDate();

// ---------------------------------------------------------------- tasks

/** "Create modal: only Title (required)." */
export const taskCreateSchema = yup.object({
  title: requiredText(MESSAGES.taskTitleRequired, TASK.title),
});

/** "title (required) ...; users (multi-select, required)" */
export const taskEditSchema = yup.object({
  title: requiredText(MESSAGES.taskTitleRequired, TASK.title),
  description: optionalText(TASK.description),
  status: yup.string().oneOf(TASK_STATUSES).default('TO DO'),
  users: yup
    .array()
    .of(yup.object({ userId: yup.string().required(), userName: yup.string().defined() }))
    .min(1, MESSAGES.taskUsersRequired)
    .required(MESSAGES.taskUsersRequired),
  organizationId: yup.string().nullable(),
  peopleId: yup.string().nullable(),
});

// ---------------------------------------------------------------- products and orders

/** "Product: name non-empty after trimming ('Product name is required')." */
export const productSchema = yup.object({
  name: requiredText(MESSAGES.productNameRequired, TEXT_MAX_LENGTHS.product.name),
  subscription: yup.boolean().default(false),
});

/**
 * "Creation requires totalPaid, dateOrder, product and (an organization, or a new organization
 * with first and last name)"; "totalPaid: number, min 0, step 0.01, euros".
 */
export const newOrderSchema = yup.object({
  newOrganization: yup.boolean().default(false),
  organizationId: yup
    .string()
    .nullable()
    .when('newOrganization', {
      is: true,
      then: (schema) => schema.strip(),
      otherwise: (schema) => schema.trim().required(MESSAGES.orderRequiredFields),
    }),
  firstName: yup.string().when('newOrganization', {
    is: true,
    then: (schema) =>
      schema
        .trim()
        .required(MESSAGES.firstNameRequired)
        .max(ORDER.firstName, textTooLong(ORDER.firstName)),
  }),
  lastName: yup.string().when('newOrganization', {
    is: true,
    then: (schema) =>
      schema
        .trim()
        .required(MESSAGES.lastNameRequired)
        .max(ORDER.lastName, textTooLong(ORDER.lastName)),
  }),
  productId: requiredText(MESSAGES.productRequired),
  dateOrder: isoDate().required(MESSAGES.dateOrderRequired),
  totalPaid: euroAmount(MESSAGES.totalNegative).required(MESSAGES.amountRequired),
});

/** Order detail: "amounts step 0.01"; payment flags independent; VAT number with VAT only. */
export const orderSchema = yup.object({
  ...boundedTexts(ORDER),
  totalAmountOrder: euroAmount().nullable(),
  amountDeposit: euroAmount().nullable(),
  amountBalanceToPaid: euroAmount().nullable(),
  totalPaid: euroAmount(MESSAGES.totalNegative).nullable(),
  dateOrder: isoDate().nullable(),
  dateOfBalance: isoDate().nullable(),
  paidTotaly: yup.boolean(),
  balancePaid: yup.boolean(),
  noVat: yup.boolean(),
  withVat: yup.boolean(),
});

// ---------------------------------------------------------------- company-creation requests

/** Staff detail: "name 1 and description required; beneficiary percentage 0 to 100". */
export const formRequestSchema = yup.object({
  organizationName1: requiredText(MESSAGES.organizationName1Required, PUBLIC_FORM_TEXT_MAX),
  organizationName2: optionalText(PUBLIC_FORM_TEXT_MAX),
  organizationName3: optionalText(PUBLIC_FORM_TEXT_MAX),
  description: requiredText(MESSAGES.descriptionRequired, PUBLIC_FORM_DESCRIPTION_MAX),
  peoples: yup
    .array()
    .of(
      yup.object({
        ...boundedTexts(FORM_PERSON_TEXT),
        roles: yup.array().of(yup.string().oneOf(PUBLIC_FORM_ROLES).defined()).default([]),
        beneficiaryPercentage: beneficiaryPercentage().default(0),
        birth: isoDate({ min: BIRTH_DATE_MIN }).nullable(),
      }),
    )
    .default([]),
});

const required = PUBLIC_FORM_MESSAGES.fieldRequired;
const text = (max: number = PUBLIC_FORM_TEXT_MAX) =>
  requiredText(required, max, textTooLongMessageFr(max));
const optionalFr = (max: number = PUBLIC_FORM_TEXT_MAX) =>
  optionalText(max, textTooLongMessageFr(max));

/**
 * The public form's fields: "Required: three company names, activity description, street, city,
 * state, country, postal code. Flagged required: first name, last name, email, phone, birth date,
 * nationality." Both kinds are required here; the role checks run on submit, after these
 * (checkPublicFormSubmit).
 */
export const publicFormPersonSchema = yup.object({
  roles: yup.array().of(yup.string().oneOf(PUBLIC_FORM_ROLES).defined()).default([]),
  personType: yup.string().oneOf(PERSON_TYPES).default('naturalPerson'),
  beneficiaryPercentage: beneficiaryPercentage(PUBLIC_FORM_MESSAGES.beneficiaryOutOfRange).default(
    0,
  ),
  firstName: text(),
  lastName: text(),
  mail: email(
    required,
    PUBLIC_FORM_MESSAGES.emailInvalid,
    PUBLIC_FORM_TEXT_MAX,
    textTooLongMessageFr(PUBLIC_FORM_TEXT_MAX),
  ),
  phone: text(),
  // A birth date is before 2000 as often as not: only the format and a plausible range apply.
  birth: isoDate({
    min: BIRTH_DATE_MIN,
    format: PUBLIC_FORM_MESSAGES.birthOutOfRange,
    range: PUBLIC_FORM_MESSAGES.birthOutOfRange,
    missing: PUBLIC_FORM_MESSAGES.dateDoesNotExist,
  }).required(required),
  nationality: text(),
  street: text(PUBLIC_FORM_ADDRESS_MAX),
  city: text(),
  state: text(),
  country: text(),
  zip: text(),
  KBIS: optionalFr(),
  authorizedPerson_name: optionalFr(),
  authorizedPerson_address: optionalFr(PUBLIC_FORM_ADDRESS_MAX),
});

export const publicFormSchema = yup.object({
  organizationName1: text(),
  organizationName2: text(),
  organizationName3: text(),
  description: text(PUBLIC_FORM_DESCRIPTION_MAX),
  IDPAL: yup.boolean().default(false),
  secretaryCompany: yup.boolean().default(false),
  anonymeShareholder: yup.boolean().default(false),
  peoples: yup.array().of(publicFormPersonSchema).min(1).required(),
});

// ---------------------------------------------------------------- import

/**
 * An imported row's records, checked by the same rules as the forms and the API: an
 * organization's name, a person's first and last names, every text within the length the API
 * takes (TEXT_MAX_LENGTHS: a record imported longer could not be saved again), the link's roles
 * and beneficiary percentage, and every date written YYYY-MM-DD between 1900 and 2099 (the API's
 * date range for imported dates, said as such).
 */
const importDate = () =>
  isoDate({ min: BIRTH_DATE_MIN, range: importDateOutOfRangeMessage }).nullable();

export const importOrganizationSchema = yup.object({
  ...boundedTexts(ORGANIZATION),
  name: newOrganizationSchema.fields.name,
  mail: emailFieldSchema(undefined, ORGANIZATION.mail),
  incorporationDate: importDate(),
  nextArReminder: importDate(),
  financialYearEnd: importDate(),
  relationshipEndedOn: importDate(),
});

export const importPersonSchema = yup.object({
  ...boundedTexts(PERSON),
  firstName: newPersonSchema.fields.firstName,
  lastName: newPersonSchema.fields.lastName,
  mail: emailFieldSchema(undefined, PERSON.mail),
  birth: importDate(),
});

/**
 * A role's row: the API keeps a beneficiary percentage only with the shareholder role, so a
 * percentage above 0 on a row without it would be dropped without a word; it is refused instead,
 * saying why.
 */
export const importLinkSchema = linkRolesSchema.shape({
  beneficiaryPercentage: beneficiaryPercentage()
    .default(0)
    .test(
      'shareholder-only',
      MESSAGES.beneficiaryWithoutShareholder,
      (value, context) =>
        !value || ((context.parent as { roles?: string[] }).roles ?? []).includes('shareholder'),
    ),
});
