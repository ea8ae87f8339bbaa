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
} from '../limits';
import { MESSAGES, PUBLIC_FORM_MESSAGES } from '../messages';
import { todayInDublin } from '../rules/dates';
import { isEmailAddress } from '../rules/tasks';
import {
  beneficiaryPercentage,
  emptyToUndefined,
  euroAmount,
  isoDate,
  optionalText,
  requiredText,
} from './common';

const email = (required: string, invalid: string) =>
  yup
    .string()
    .trim()
    .required(required)
    .test('email', invalid, (value) => isEmailAddress(value));

// ---------------------------------------------------------------- session (spec 01 §5)

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
  name: requiredText(MESSAGES.nameRequired),
  roles: organizationRoles(),
  beneficiaryPercentage: beneficiaryPercentage().default(0),
});

/** "New people: first and last name required." */
export const newPersonSchema = yup.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
});

/** Edit Roles: roles and "beneficiary percentage: number input 0 to 100". */
export const linkRolesSchema = yup.object({
  roles: organizationRoles(),
  beneficiaryPercentage: beneficiaryPercentage().default(0),
});

/** "Person information form: no required or format checks." */
export const personInformationSchema = yup.object({
  firstName: optionalText(),
  lastName: optionalText(),
  phone: optionalText(),
  mail: optionalText(),
  birth: optionalText(),
  nationality: optionalText(),
  country: optionalText(),
  comments: optionalText(),
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
  title: requiredText(MESSAGES.taskTitleRequired),
});

/** "title (required) ...; users (multi-select, required)" */
export const taskEditSchema = yup.object({
  title: requiredText(MESSAGES.taskTitleRequired),
  description: optionalText(),
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
  name: requiredText(MESSAGES.productNameRequired),
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
    then: (schema) => schema.trim().required(MESSAGES.firstNameRequired),
  }),
  lastName: yup.string().when('newOrganization', {
    is: true,
    then: (schema) => schema.trim().required(MESSAGES.lastNameRequired),
  }),
  productId: requiredText(MESSAGES.productRequired),
  dateOrder: isoDate().required(MESSAGES.dateOrderRequired),
  totalPaid: euroAmount().required(MESSAGES.amountRequired),
});

/** Order detail: "amounts step 0.01"; payment flags independent; VAT number with VAT only. */
export const orderSchema = yup.object({
  company: optionalText(),
  firstName: optionalText(),
  lastName: optionalText(),
  email: optionalText(),
  totalAmountOrder: euroAmount().nullable(),
  amountDeposit: euroAmount().nullable(),
  amountBalanceToPaid: euroAmount().nullable(),
  totalPaid: euroAmount().nullable(),
  dateOrder: isoDate().nullable(),
  dateOfBalance: isoDate().nullable(),
  paidTotaly: yup.boolean(),
  balancePaid: yup.boolean(),
  noVat: yup.boolean(),
  withVat: yup.boolean(),
  vatNumber: optionalText(),
});

// ---------------------------------------------------------------- company-creation requests

/** Staff detail: "name 1 and description required; beneficiary percentage 0 to 100". */
export const formRequestSchema = yup.object({
  organizationName1: requiredText(MESSAGES.organizationName1Required),
  organizationName2: optionalText(),
  organizationName3: optionalText(),
  description: requiredText(MESSAGES.descriptionRequired),
  peoples: yup
    .array()
    .of(
      yup.object({
        roles: yup.array().of(yup.string().oneOf(PUBLIC_FORM_ROLES).defined()).default([]),
        beneficiaryPercentage: beneficiaryPercentage().default(0),
      }),
    )
    .default([]),
});

const required = PUBLIC_FORM_MESSAGES.fieldRequired;

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
  firstName: requiredText(required),
  lastName: requiredText(required),
  mail: email(required, PUBLIC_FORM_MESSAGES.emailInvalid),
  phone: requiredText(required),
  // A birth date is before 2000 as often as not: only the format and a plausible range apply.
  birth: isoDate({
    min: BIRTH_DATE_MIN,
    format: PUBLIC_FORM_MESSAGES.birthOutOfRange,
    range: PUBLIC_FORM_MESSAGES.birthOutOfRange,
  }).required(required),
  nationality: requiredText(required),
  street: requiredText(required),
  city: requiredText(required),
  state: requiredText(required),
  country: requiredText(required),
  zip: requiredText(required),
  KBIS: optionalText(),
  authorizedPerson_name: optionalText(),
  authorizedPerson_address: optionalText(),
});

export const publicFormSchema = yup.object({
  organizationName1: requiredText(required),
  organizationName2: requiredText(required),
  organizationName3: requiredText(required),
  description: requiredText(required),
  IDPAL: yup.boolean().default(false),
  secretaryCompany: yup.boolean().default(false),
  anonymeShareholder: yup.boolean().default(false),
  peoples: yup.array().of(publicFormPersonSchema).min(1).required(),
});

// ---------------------------------------------------------------- import

/**
 * An imported row's records, checked by the same rules as the forms and the API: an
 * organization's name, a person's first and last names, the link's roles and beneficiary
 * percentage, and every date written YYYY-MM-DD between 1900 and 2099 (the API's date range).
 */
const importDate = () => isoDate({ min: BIRTH_DATE_MIN }).nullable();

export const importOrganizationSchema = yup.object({
  name: newOrganizationSchema.fields.name,
  incorporationDate: importDate(),
  nextArReminder: importDate(),
  financialYearEnd: importDate(),
});

export const importPersonSchema = yup.object({
  firstName: newPersonSchema.fields.firstName,
  lastName: newPersonSchema.fields.lastName,
  birth: importDate(),
});

export const importLinkSchema = linkRolesSchema;
