import { describe, expect, it } from 'vitest';
import {
  AML_APPENDICES,
  APPENDIX2_CHECKLIST_ITEMS,
  APPENDIX4_DEFAULTS,
  CREATION_PACKAGES,
  CREATION_STATUSES,
  DATA_EXPORT_STATUSES,
  DEFAULT_FINOTOR_STATUS,
  DEFAULT_PERSON_TYPE,
  DEFAULT_RISK_ASSESSMENT,
  DEFAULT_SUBSCRIPTION_STATUS,
  DEFAULT_TASK_STATUS,
  DETAIL_TABS,
  EMAIL_EVENTS,
  MAIL_STATUSES,
  EXPECTED_BUSINESS,
  FINOTOR_FILTERS,
  FINOTOR_STATUSES,
  FOLLOW_UP_COMPANIES,
  FOLLOW_UP_HISTORY_ACTIONS,
  FOLLOW_UP_STATES,
  LANGUAGES,
  ORDER_ORIGINS,
  ORDER_ORIGIN_FILTERS,
  ORGANIZATION_ROLES,
  ORGANIZATION_TABS,
  PEOPLE_TABS,
  PERSON_TYPES,
  PUBLIC_FORM_ROLES,
  RISK_ASSESSMENTS,
  RISK_LEVELS,
  RISK_LEVEL_COLOURS,
  SERVICES,
  SERVICE_FIELDS,
  SORT_ORDERS,
  SOURCES_OF_INTRODUCTION,
  STRUCTURE_TYPES,
  SUBSCRIPTION_STATUSES,
  TASK_STATUSES,
  assignmentAction,
  canChangeTaskStatus,
  checkedLabel,
  creationStatusOrNotAvailable,
  isCreationStatus,
  isOrganizationRole,
  isPublicFormRole,
  isTaskStatus,
  onOffLabel,
} from './enums';

describe('the vocabulary of both specs, value for value', () => {
  it.each([
    // 01-4.2, 02-9.11 "Task status values: TO DO, IN PROGRESS, DONE"
    ['task statuses', TASK_STATUSES, ['TO DO', 'IN PROGRESS', 'DONE']],
    // 01-4.3 "creationStatus: IN_PROGRESS, COMPLETED, STRIKE_OFF, LATE"
    ['creationStatus', CREATION_STATUSES, ['IN_PROGRESS', 'COMPLETED', 'STRIKE_OFF', 'LATE']],
    // 01-4.3 "creationPackage: FAST_CREATION, FULL_PACK, PREMIUM_PACK, HOLDING, REAL_ESTATE_PACK"
    [
      'creationPackage',
      CREATION_PACKAGES,
      ['FAST_CREATION', 'FULL_PACK', 'PREMIUM_PACK', 'HOLDING', 'REAL_ESTATE_PACK'],
    ],
    // 01-4.4 "Signup-app status (finotor): not_sent, sent, registered, stopped"
    ['finotor statuses', FINOTOR_STATUSES, ['not_sent', 'sent', 'registered', 'stopped']],
    // 01-4.4 "Filter values for it: ok, late, stopped"
    ['finotor filters', FINOTOR_FILTERS, ['ok', 'late', 'stopped']],
    // "language (en or fr)"
    ['languages', LANGUAGES, ['en', 'fr']],
    // 01-4.5 "Person roles in an organization (several allowed): director, secretary, shareholder, nomineeDirector, other"
    [
      'organization roles',
      ORGANIZATION_ROLES,
      ['director', 'secretary', 'shareholder', 'nomineeDirector', 'other'],
    ],
    // "roles (director, secretary, shareholder, nomineeDirector, nonExecutiveDirector, other)"
    [
      'public form roles',
      PUBLIC_FORM_ROLES,
      ['director', 'secretary', 'shareholder', 'nomineeDirector', 'nonExecutiveDirector', 'other'],
    ],
    // "personType (naturalPerson default, or legalPerson)"
    ['person types', PERSON_TYPES, ['naturalPerson', 'legalPerson']],
    // 01-4.6 "Subscription status: CURRENT, CANCELLED, UNPAID"; 02-4.3 / 02-9.12
    ['subscription statuses', SUBSCRIPTION_STATUSES, ['CURRENT', 'CANCELLED', 'UNPAID']],
    // 02-9.10 "Order origins: NEOCIRCLE, NOMAD"; the filter adds N/A
    ['order origins', ORDER_ORIGINS, ['NEOCIRCLE', 'NOMAD']],
    ['order origin filter', ORDER_ORIGIN_FILTERS, ['NEOCIRCLE', 'NOMAD', 'N/A']],
    // appendix 3 "(multi: Societe France Irlande, Other company)"
    [
      'sources of introduction',
      SOURCES_OF_INTRODUCTION,
      ['Societe France Irlande', 'Other company'],
    ],
    // "(multi: Accounting, Company Formation, Other Services)"
    ['expected business', EXPECTED_BUSINESS, ['Accounting', 'Company Formation', 'Other Services']],
    // "risk_assessment (simplified, normal or enhanced; default normal)"
    ['risk assessments', RISK_ASSESSMENTS, ['simplified', 'normal', 'enhanced']],
    ['risk levels', RISK_LEVELS, ['high', 'medium', 'low']],
    // "Two companies own these processes: NEOTORIA and NEO CIRCLE"
    ['follow-up companies', FOLLOW_UP_COMPANIES, ['NEOTORIA', 'NEO CIRCLE']],
    // 01-4.7 "History actions: created, updated (step moved), archived, unarchived, and assignment changes (assigned, changed, removed)"
    [
      'follow-up history actions',
      FOLLOW_UP_HISTORY_ACTIONS,
      ['created', 'updated', 'archived', 'unarchived', 'assigned', 'changed', 'removed'],
    ],
    ['follow-up states', FOLLOW_UP_STATES, ['inProgress', 'completed']],
    ['AML appendices', AML_APPENDICES, ['appendix2', 'appendix3', 'appendix4', 'appendix6']],
    ['services', SERVICES, ['domiciliation', 'secretaryCompany', 'anonymousShareholder']],
    ['e-mail events', EMAIL_EVENTS, ['delivered', 'failed', 'other']],
    ['mail statuses', MAIL_STATUSES, ['queued', 'sent', 'delivered', 'failed']],
    ['data export statuses', DATA_EXPORT_STATUSES, ['running', 'done', 'failed']],
    ['sort orders', SORT_ORDERS, ['asc', 'desc']],
    [
      'people tabs',
      PEOPLE_TABS,
      ['INFORMATION', 'ATTACHEDFILES_PEOPLE_TAB', 'ORGANIZATION_TAB', 'RAW_DATA'],
    ],
    ['detail tabs', DETAIL_TABS, ['INFORMATION', 'RAW_DATA']],
    [
      'appendix 2 checklist',
      APPENDIX2_CHECKLIST_ITEMS,
      [
        'kyc_obtained',
        'client_identity_verified',
        'third_party_permission',
        'documents_obtained',
        'beneficial_owners_identified',
        'non_resident_edd_completed',
        'edd_form_completed',
        'enhanced_procedures_completed',
      ],
    ],
  ])('%s', (_, values, expected) => {
    expect(values).toEqual(expected);
  });

  it('organization tabs include AML_TAB, the registers, the beta tabs and the older FOLLOW_UP_TAB', () => {
    expect(ORGANIZATION_TABS).toHaveLength(13);
    expect(ORGANIZATION_TABS).toEqual(
      expect.arrayContaining([
        'AML_TAB',
        'REGISTERS_TAB',
        'SERVICE_TAB_BETA',
        'FOLLOW_UP_BETA_TAB',
        'FOLLOW_UP_TAB',
      ]),
    );
  });

  it.each([
    ['default task status ("default TO DO")', DEFAULT_TASK_STATUS, 'TO DO'],
    ['default person type', DEFAULT_PERSON_TYPE, 'naturalPerson'],
    ['default risk assessment', DEFAULT_RISK_ASSESSMENT, 'normal'],
    ['default subscription status', DEFAULT_SUBSCRIPTION_STATUS, 'CURRENT'],
    ['default signup-app status', DEFAULT_FINOTOR_STATUS, 'not_sent'],
  ])('%s is %s', (_, value, expected) => {
    expect(value).toBe(expected);
  });

  // Appendix 4 defaults.
  it('"structure_type (default Limited)", "client_meeting_details (default \'Online meeting\')", "N.A" defaults', () => {
    expect(APPENDIX4_DEFAULTS).toEqual({
      structure_type: 'Limited',
      client_meeting_details: 'Online meeting',
      partnership_controllers: 'N.A',
      trust_controlling_parties: 'N.A',
      legal_documents_check: 'N.A',
      risk_assessment: 'normal',
    });
    expect(STRUCTURE_TYPES[0]).toBe('Limited');
  });

  it('01-9.9 "AML risk colours: high red, medium yellow, low green"', () => {
    expect(RISK_LEVEL_COLOURS).toEqual({ high: 'red', medium: 'yellow', low: 'green' });
  });

  it('the service fields keep the API spelling "anonymousShareholdePaymentHistory"', () => {
    expect(SERVICE_FIELDS.anonymousShareholder.history).toBe('anonymousShareholdePaymentHistory');
    expect(SERVICE_FIELDS.domiciliation).toEqual({
      flag: 'hasDomiciliation',
      subscription: 'domiciliationSubscription',
      plan: 'domiciliationSubscriptionPlan',
      paidReminder: 'domiciliationPaidReminder',
      history: 'domiciliationPaymentHistory',
    });
  });
});

describe('value checks and labels', () => {
  // 01-4.3 "anything else is shown as N/A"
  it.each([
    ['IN_PROGRESS', 'IN_PROGRESS', true],
    ['LATE', 'LATE', true],
    ['in_progress', 'N/A', false],
    ['', 'N/A', false],
    [null, 'N/A', false],
    [undefined, 'N/A', false],
  ])('creationStatus %j is exported as %s', (value, label, known) => {
    expect(creationStatusOrNotAvailable(value)).toBe(label);
    expect(isCreationStatus(value)).toBe(known);
  });

  it.each([
    ['nomineeDirector', true, true],
    ['nonExecutiveDirector', false, true],
    ['ceo', false, false],
    [7, false, false],
  ])('role %j: organization role %s, public form role %s', (role, organization, publicForm) => {
    expect(isOrganizationRole(role)).toBe(organization);
    expect(isPublicFormRole(role)).toBe(publicForm);
  });

  // 02-4.6 "Task status: moves freely among TO DO, IN PROGRESS, DONE ... No restriction is shown."
  it('every task status can move to every other', () => {
    for (const from of TASK_STATUSES) {
      for (const to of TASK_STATUSES) expect(canChangeTaskStatus(from, to)).toBe(true);
    }
    expect(canChangeTaskStatus('TO DO', 'ARCHIVED')).toBe(false);
    expect(isTaskStatus('TODO')).toBe(false);
  });

  it.each([
    [true, 'Checked', 'ON'],
    [false, 'No', 'OFF'],
    [undefined, 'No', 'OFF'],
  ])('boolean %j: order column "%s", VIF badge "%s"', (value, checked, onOff) => {
    expect(checkedLabel(value)).toBe(checked);
    expect(onOffLabel(value)).toBe(onOff);
  });

  // 01-4.7 history: "assignment changes (assigned, changed, removed)"
  it.each([
    [null, 'u1', 'assigned'],
    ['u1', 'u2', 'changed'],
    ['u1', null, 'removed'],
    ['u1', 'u1', null],
    [null, null, null],
  ])('assignee %j → %j is %j', (before, after, action) => {
    expect(assignmentAction(before, after)).toBe(action);
  });
});
