/**
 * The follow-up process catalogue (docs/product/follow-ups.md): 21 types, each with a display
 * name, an owning company, a deadline in days, ardEnabled and numbered step labels.
 *
 * Step 0 is always "Start of the process" and the last "End of the process"; the last index of
 * every type is the product's (the catalogue's test lists them). Labels the firm gave are used as
 * given; the others follow the Irish procedure (CRO forms B1, B2, B10, A1, H15, RBN1B; Revenue
 * TR1/TR2, ROS, EORI; RBO; MyWelfare for PPS numbers). Owners:
 * docs/decisions/0004-follow-up-process-owners.md.
 */
import type { FollowUpCompany } from '../enums';

export const FOLLOW_UP_TYPES = [
  'AR_NO_TRADING',
  'AR_TRADING',
  'CESSATION_OF_DIRECTOR_SECRETARY',
  'CHANGE_OF_DIRECTOR',
  'CHANGE_OF_REGISTERED_ADDRESS',
  'CHANGE_OF_SECRETARY',
  'CHANGE_OF_SHAREHOLDER',
  'COMPTE_BANCAIRE',
  'CORPORATION_TAX_REGISTRATION',
  'DISTRICT_COURT',
  'EORI_REGISTRATION',
  'FIRST_AR',
  'INCORPORATION',
  'INCOME_TAX_REGISTRATION',
  'PAYSLIPS',
  'PPS',
  'RBO_UPDATED',
  'REGISTRATION_OF_BUSINESS_NAME',
  'STRIKE_OFF_NO_TRADING',
  'STRIKE_OFF',
  'VAT_REGISTRATION',
] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];

export const isFollowUpType = (value: unknown): value is FollowUpType =>
  typeof value === 'string' && (FOLLOW_UP_TYPES as readonly string[]).includes(value);

export const FIRST_STEP_LABEL = 'Start of the process';
export const LAST_STEP_LABEL = 'End of the process';

export interface FollowUpDefinition {
  name: FollowUpType;
  displayName: string;
  company: FollowUpCompany;
  /** Days from the start date to the deadline; 0 means the deadline is the start date. */
  deadlineDays: number;
  /** The type has an ARD (annual return date); its deadline is then ARD + 56 days. */
  ardEnabled: boolean;
  /** steps[0] is the start, steps[steps.length - 1] the end. */
  steps: readonly string[];
}

// Company-secretarial work (CRO filings, registers) is NEOTORIA's; accounting, tax, payroll and
// banking work is NEO CIRCLE's (ADR 0004).
const SECRETARIAL: FollowUpCompany = 'NEOTORIA';
const ACCOUNTING: FollowUpCompany = 'NEO CIRCLE';

const steps = (...middle: string[]): readonly string[] =>
  Object.freeze([FIRST_STEP_LABEL, ...middle, LAST_STEP_LABEL]);

// Strike off, trading or not: the firm names "corporation tax cancellation, awaiting
// letter of no objection, awaiting legal notice, strike off in progress, signature steps"; the
// signature steps are those of the H15 (with customer, received, uploaded), placed where the
// procedure needs them: after Revenue's letter of no objection, the H15 goes to the CRO within
// 30 days of the newspaper notice.
const STRIKE_OFF_STEPS = steps(
  'Corporation tax cancellation',
  'Awaiting letter of no objection',
  'Signature page with customer',
  'Signature page received',
  'Awaiting legal notice',
  'Signature page uploaded',
  'Strike off in progress',
);

const definitions: readonly FollowUpDefinition[] = [
  {
    name: 'AR_NO_TRADING',
    displayName: 'Annual Return (no trading)',
    company: SECRETARIAL,
    deadlineDays: 56,
    ardEnabled: true,
    steps: steps(
      'Information request sent to customer',
      'Information received',
      'Dormant company accounts prepared',
      'B1 and accounts sent for signature',
      'Signature pages received',
      'B1 filed on CORE',
      'Payment',
    ),
  },
  {
    name: 'AR_TRADING',
    displayName: 'Annual Return (trading)',
    company: SECRETARIAL,
    deadlineDays: 56,
    ardEnabled: true,
    steps: steps(
      'Information request sent to customer',
      'Bookkeeping records received',
      'Bookkeeping completed',
      'Draft financial statements prepared',
      'Financial statements reviewed with customer',
      'Abridged accounts prepared',
      'B1 and accounts sent for signature',
      'Signature pages received',
      'B1 and accounts filed on CORE',
      'CRO acknowledgement received',
      'Payment',
    ),
  },
  {
    name: 'CESSATION_OF_DIRECTOR_SECRETARY',
    displayName: 'Cessation of Director / Secretary',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps('Form B10 filed on CORE'),
  },
  {
    name: 'CHANGE_OF_DIRECTOR',
    displayName: 'Change of Director',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Documents with customer',
      'Documents received',
      'Form B10 prepared',
      'Signature page with customer',
      'Signature page received',
      'Form B10 filed on CORE',
    ),
  },
  {
    name: 'CHANGE_OF_REGISTERED_ADDRESS',
    displayName: 'Change of Registered Address',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'New address confirmed with customer',
      'Form B2 signature page with customer',
      'Form B2 filed on CORE',
      'Revenue address updated',
    ),
  },
  {
    name: 'CHANGE_OF_SECRETARY',
    displayName: 'Change of Secretary',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    // Quoted: "documents with customer, documents received, change in progress, signature page
    // with customer / received / uploaded, payment" is seven steps for six places (last index 7):
    // "received" and "uploaded" share one step, as the page is uploaded with the B10 on receipt.
    steps: steps(
      'Documents with customer',
      'Documents received',
      'Change in progress',
      'Signature page with customer',
      'Signature page received and uploaded',
      'Payment',
    ),
  },
  {
    name: 'CHANGE_OF_SHAREHOLDER',
    displayName: 'Change of Shareholder',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    // A share transfer reaches the CRO only with the next annual return (B1), hence the wait.
    steps: steps(
      'Share transfer form with customer',
      'Signed share transfer received and register of members updated',
      'Awaiting annual return date',
      'B1 information updated',
    ),
  },
  {
    name: 'COMPTE_BANCAIRE',
    displayName: 'Bank Account',
    company: ACCOUNTING,
    deadlineDays: 15,
    ardEnabled: false,
    steps: steps(
      'E-mail sent',
      'Bank form received',
      'Bank documents received',
      'RBO completed',
      'Awaiting bank screening',
      'Uploading on bank site',
      'Awaiting bank comments',
    ),
  },
  {
    name: 'CORPORATION_TAX_REGISTRATION',
    displayName: 'Corporation Tax Registration',
    company: ACCOUNTING,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Information request sent to customer',
      'Information received',
      'Form TR2 prepared',
      'Form TR2 signed by director',
      'Form TR2 submitted to Revenue',
      'Tax reference number received',
    ),
  },
  {
    name: 'DISTRICT_COURT',
    displayName: 'District Court (restoration)',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Outstanding annual returns identified',
      'Fee agreed with customer',
      'Outstanding annual returns prepared',
      'Signature pages with customer',
      'Signature pages received',
      'Letter of no objection requested from Revenue',
      'Letter of no objection received',
      'Court application drafted',
      'Notice served on CRO, Revenue and the Minister',
      'Court hearing date set',
      'Court order obtained',
      'Court order and annual returns filed on CORE',
    ),
  },
  {
    name: 'EORI_REGISTRATION',
    displayName: 'EORI Registration',
    company: ACCOUNTING,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Revenue registration confirmed',
      'EORI application submitted on ROS',
      'EORI number received',
    ),
  },
  {
    name: 'FIRST_AR',
    displayName: 'First Annual Return',
    company: SECRETARIAL,
    deadlineDays: 56,
    ardEnabled: true,
    steps: steps(
      'Company details checked',
      'Form B1 prepared',
      'Signature page with customer',
      'Signature page received',
      'Form B1 filed on CORE',
      'CRO acknowledgement received',
    ),
  },
  {
    name: 'INCORPORATION',
    displayName: 'Incorporation',
    company: SECRETARIAL,
    deadlineDays: 10,
    ardEnabled: false,
    steps: steps(
      'Company name checked with the CRO',
      'Documents with customer',
      'Documents received',
      'Constitution and Form A1 prepared',
      'Signature pages with customer',
      'Signature pages received',
      'Form A1 filed on CORE',
      'Certificate of incorporation received',
      'Beneficial owners filed with the RBO',
    ),
  },
  {
    name: 'INCOME_TAX_REGISTRATION',
    displayName: 'Income Tax Registration',
    company: ACCOUNTING,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Information received from customer',
      'Form TR1 submitted to Revenue',
      'Income tax registration confirmed',
    ),
  },
  {
    name: 'PAYSLIPS',
    displayName: 'Payslips',
    company: ACCOUNTING,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Employer PAYE registration confirmed',
      'Employee details and PPS numbers received',
      'Salaries for the period received',
      'Payslips prepared',
      'Payroll submitted to Revenue',
      'Payslips sent to customer',
    ),
  },
  {
    name: 'PPS',
    displayName: 'PPS Number',
    company: ACCOUNTING,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Documents with customer',
      'Documents received',
      'Application submitted on MyWelfare',
      'Appointment at the Intreo centre',
      'PPS number received',
    ),
  },
  {
    name: 'RBO_UPDATED',
    displayName: 'RBO Update',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps('Beneficial owner details received', 'RBO filing submitted'),
  },
  {
    name: 'REGISTRATION_OF_BUSINESS_NAME',
    displayName: 'Registration of Business Name',
    company: SECRETARIAL,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Business name checked with the CRO',
      'Form RBN1B prepared',
      'Signature page with customer',
      'Signature page received',
      'Form RBN1B filed on CORE',
    ),
  },
  {
    name: 'STRIKE_OFF_NO_TRADING',
    displayName: 'Strike Off (no trading)',
    company: SECRETARIAL,
    deadlineDays: 56,
    ardEnabled: true,
    steps: STRIKE_OFF_STEPS,
  },
  {
    name: 'STRIKE_OFF',
    displayName: 'Strike Off',
    company: SECRETARIAL,
    deadlineDays: 56,
    ardEnabled: true,
    steps: STRIKE_OFF_STEPS,
  },
  {
    name: 'VAT_REGISTRATION',
    displayName: 'VAT Registration',
    company: ACCOUNTING,
    deadlineDays: 0,
    ardEnabled: false,
    steps: steps(
      'Information and evidence of trading received',
      'VAT application submitted to Revenue',
      'Revenue queries answered',
      'VAT number received',
    ),
  },
];

export const FOLLOW_UP_CATALOGUE: Readonly<Record<FollowUpType, FollowUpDefinition>> =
  Object.freeze(
    Object.fromEntries(definitions.map((definition) => [definition.name, definition])) as Record<
      FollowUpType,
      FollowUpDefinition
    >,
  );
