/**
 * The organization's `aml` object (docs/product/aml.md): every field of the four
 * appendices with its kind and default, the check of a (whole or partial) save field by field,
 * the merge into what is stored, and the periodic review the appendix-2 risk level sets.
 *
 * Shape (ADR 0085): appendix 2 (with its action checklist) and appendix 3 are flat, as the API
 * spells them (`aml.appendix2_risk_level`, `aml.appendix3_expected_business`); appendices 4 and 6
 * are objects of their own (`aml.appendix4`, `aml.appendix6`) because their fields reuse appendix
 * 3's names (source_of_funds, client_meeting_details, signature…).
 */
import {
  APPENDIX2_CHECKLIST_ITEMS,
  APPENDIX4_DEFAULTS,
  EXPECTED_BUSINESS,
  RISK_ASSESSMENTS,
  SOURCES_OF_INTRODUCTION,
  STRUCTURE_TYPES,
  type RiskLevel,
} from '../enums';
import { DATE_MAX } from '../limits';
import { APPENDIX2_QUESTIONS, appendix2Assessment, type Appendix2Answers } from './aml';
import { addMonths, isDateInRange, isIsoDate, todayInDublin, type IsoDate } from './dates';

/** A signature chosen in the picker (appendices 3 and 4). */
export interface AmlUserSignature {
  user_id: string;
  user_name: string;
}

export type AmlFieldKind =
  | { kind: 'yesNo'; default: boolean | null }
  | { kind: 'text'; default: string; max: number }
  | { kind: 'date' }
  | { kind: 'multi'; options: readonly string[] }
  | { kind: 'choice'; options: readonly string[]; default: string }
  | { kind: 'userSignature' };

export interface AmlField {
  /** Where the value lives: the top of `aml`, or `aml.appendix4` / `aml.appendix6`. */
  group: 'top' | 'appendix4' | 'appendix6';
  appendix: 'appendix2' | 'appendix3' | 'appendix4' | 'appendix6';
  name: string;
  label: string;
  type: AmlFieldKind;
}

const TEXT_MAX = 2000;
const LONG_TEXT_MAX = 10_000;

const yesNo = (defaultValue: boolean | null = false): AmlFieldKind => ({
  kind: 'yesNo',
  default: defaultValue,
});
const text = (defaultValue = '', max = TEXT_MAX): AmlFieldKind => ({
  kind: 'text',
  default: defaultValue,
  max,
});

/**
 * The 13 questions of appendix 2, worded around the firm's risk assessment, KYC, verification,
 * PEPs, cash and amounts over €15,000 (docs/product/aml.md); the points are APPENDIX2_POINTS.
 */
export const APPENDIX2_QUESTION_LABELS: Readonly<
  Record<(typeof APPENDIX2_QUESTIONS)[number], string>
> = {
  appendix2_q1:
    'Is the client, or one of its beneficial owners, a politically exposed person (PEP)?',
  appendix2_q2: "Has the client's identity been verified with original or certified documents?",
  appendix2_q3: 'Have the beneficial owners holding over 25 % been identified?',
  appendix2_q4: 'Has the client been met in person or by video call?',
  appendix2_q5: 'Is the client resident or established outside the European Union?',
  appendix2_q6: "Has the firm's risk assessment of this client been carried out?",
  appendix2_q7: 'Is the source of funds documented?',
  appendix2_q8: "Is the client's activity consistent with the KYC information obtained?",
  appendix2_q9: "Does the client's business make significant use of cash?",
  appendix2_q10: 'Are single transactions over €15,000 expected?',
  appendix2_q11: 'Does the client operate in a high-risk sector or jurisdiction?',
  appendix2_q12: 'Is the ownership structure complex or unusually opaque?',
  appendix2_q13: 'Has adverse media or a suspicion been noted about the client?',
};

const CHECKLIST_LABELS: Readonly<Record<(typeof APPENDIX2_CHECKLIST_ITEMS)[number], string>> = {
  kyc_obtained: 'KYC obtained',
  client_identity_verified: 'Client identity verified',
  third_party_permission: 'Third-party permission',
  documents_obtained: 'Documents obtained',
  beneficial_owners_identified: 'Beneficial owners identified',
  non_resident_edd_completed: 'Non-resident EDD completed',
  edd_form_completed: 'EDD form completed',
  enhanced_procedures_completed: 'Enhanced procedures completed',
};

/** Every field staff fill in, appendix by appendix, in the order the tab shows them. */
export const AML_FIELDS: readonly AmlField[] = [
  // Appendix 2: client risk assessment & KYC checklist. Unanswered questions score 0.
  ...APPENDIX2_QUESTIONS.map((name): AmlField => ({
    group: 'top',
    appendix: 'appendix2',
    name,
    label: APPENDIX2_QUESTION_LABELS[name],
    type: yesNo(null),
  })),
  ...APPENDIX2_CHECKLIST_ITEMS.flatMap((item): AmlField[] => [
    {
      group: 'top',
      appendix: 'appendix2',
      name: item,
      label: CHECKLIST_LABELS[item],
      type: yesNo(),
    },
    {
      group: 'top',
      appendix: 'appendix2',
      name: `${item}_date`,
      label: `${CHECKLIST_LABELS[item]}: date`,
      type: { kind: 'date' },
    },
  ]),
  {
    group: 'top',
    appendix: 'appendix2',
    name: 'appendix2_enhanced_due_diligence_applied',
    label: 'Enhanced due diligence applied',
    type: yesNo(),
  },
  {
    group: 'top',
    appendix: 'appendix2',
    name: 'appendix2_standard_due_diligence_applied',
    label: 'Standard due diligence applied',
    type: yesNo(),
  },
  {
    group: 'top',
    appendix: 'appendix2',
    name: 'appendix2_suspicion_issues',
    label: 'Suspicion issues',
    type: yesNo(),
  },
  {
    group: 'top',
    appendix: 'appendix2',
    name: 'appendix2_suspicion_issues_comments',
    label: 'Suspicion issues: comments',
    type: text('', LONG_TEXT_MAX),
  },
  {
    group: 'top',
    appendix: 'appendix2',
    name: 'appendix2_additional_comments',
    label: 'Additional comments',
    type: text('', LONG_TEXT_MAX),
  },
  {
    group: 'top',
    appendix: 'appendix2',
    name: 'appendix2_signature',
    label: 'Signature',
    type: text(),
  },

  // Appendix 3: individual client identity form.
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'appendix3_source_of_introduction',
    label: 'Source of introduction',
    type: { kind: 'multi', options: SOURCES_OF_INTRODUCTION },
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'appendix3_expected_business',
    label: 'Expected business',
    type: { kind: 'multi', options: EXPECTED_BUSINESS },
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'source_of_funds',
    label: 'Source of funds',
    type: text(),
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'geographical_connections',
    label: 'Geographical connections',
    type: yesNo(),
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'client_meeting_details',
    label: 'Client meeting details',
    type: text(),
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'valid_id_copy',
    label: 'Valid ID copy',
    type: yesNo(),
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'address_verification',
    label: 'Address verification',
    type: yesNo(),
  },
  { group: 'top', appendix: 'appendix3', name: 'pep_status', label: 'PEP status', type: yesNo() },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'conclusion',
    label: 'Conclusion',
    type: text('', LONG_TEXT_MAX),
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'signature',
    label: 'Signature',
    type: { kind: 'userSignature' },
  },
  {
    group: 'top',
    appendix: 'appendix3',
    name: 'identified_satisfactorily',
    label: 'Identified satisfactorily',
    type: yesNo(),
  },

  // Appendix 4: corporate client identification form.
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'structure_type',
    label: 'Structure type',
    type: { kind: 'choice', options: STRUCTURE_TYPES, default: APPENDIX4_DEFAULTS.structure_type },
  },
  ...(
    [
      ['registered_number', 'Registered number'],
      ['trading_name', 'Trading name'],
      ['registered_office', 'Registered office'],
      ['business_address', 'Business address'],
      ['other_branches', 'Other branches'],
    ] as const
  ).map(([name, label]): AmlField => ({
    group: 'appendix4',
    appendix: 'appendix4',
    name,
    label,
    type: text(),
  })),
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'source_of_introduction',
    label: 'Source of introduction',
    type: { kind: 'multi', options: SOURCES_OF_INTRODUCTION },
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'expected_business',
    label: 'Expected business',
    type: { kind: 'multi', options: EXPECTED_BUSINESS },
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'source_of_funds',
    label: 'Source of funds',
    type: text(),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'authorization_check',
    label: 'Authorization check',
    type: yesNo(),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'client_meeting_details',
    label: 'Client meeting details',
    type: text(APPENDIX4_DEFAULTS.client_meeting_details),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'geographical_connections',
    label: 'Geographical connections',
    type: yesNo(),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'directors_and_owners',
    label: 'Directors and owners identified',
    type: yesNo(),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'partnership_controllers',
    label: 'Partnership controllers',
    type: text(APPENDIX4_DEFAULTS.partnership_controllers),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'trust_controlling_parties',
    label: 'Trust controlling parties',
    type: text(APPENDIX4_DEFAULTS.trust_controlling_parties),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'company_verification',
    label: 'Company verification',
    type: yesNo(),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'legal_documents_check',
    label: 'Legal documents check',
    type: text(APPENDIX4_DEFAULTS.legal_documents_check),
  },
  ...(
    [
      ['director_identity_check', 'Director identity check'],
      ['identity_verification_methods', 'Identity verification methods'],
      ['pep_check', 'PEP check'],
      ['id_obtained', 'ID obtained'],
      ['id_sought_for_owners', 'ID sought for owners'],
    ] as const
  ).map(([name, label]): AmlField => ({
    group: 'appendix4',
    appendix: 'appendix4',
    name,
    label,
    type: yesNo(),
  })),
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'risk_assessment',
    label: 'Risk assessment',
    type: {
      kind: 'choice',
      options: RISK_ASSESSMENTS,
      default: APPENDIX4_DEFAULTS.risk_assessment,
    },
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'risk_assessment_reason',
    label: 'Reason for the risk assessment',
    type: text('', LONG_TEXT_MAX),
  },
  {
    group: 'appendix4',
    appendix: 'appendix4',
    name: 'signature',
    label: 'Signature',
    type: { kind: 'userSignature' },
  },

  // Appendix 6: identification form for a remote or overseas client.
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'name_of_client',
    label: 'Name of client',
    type: text(),
  },
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'nationality',
    label: 'Nationality',
    type: text(),
  },
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'date_of_birth',
    label: 'Date of birth',
    type: { kind: 'date' },
  },
  { group: 'appendix6', appendix: 'appendix6', name: 'address', label: 'Address', type: text() },
  ...(
    [
      ['standard_evidence', 'Standard evidence'],
      ['certified_copies_of_passport', 'Certified copies of passport'],
      ['copy_certified_by', 'Copy certified by'],
      ['third_party_sources', 'Third-party sources'],
    ] as const
  ).map(([name, label]): AmlField => ({
    group: 'appendix6',
    appendix: 'appendix6',
    name,
    label,
    type: text(),
  })),
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'overall_risk_assessment',
    label: 'Overall risk assessment',
    type: {
      kind: 'choice',
      options: RISK_ASSESSMENTS,
      default: APPENDIX4_DEFAULTS.risk_assessment,
    },
  },
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'reason_for_assessment',
    label: 'Reason for the assessment',
    type: text('', LONG_TEXT_MAX),
  },
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'satisfactory_id_obtained',
    label: 'Satisfactory ID obtained',
    type: yesNo(),
  },
  {
    group: 'appendix6',
    appendix: 'appendix6',
    name: 'signature',
    label: 'Signature',
    type: text(),
  },
];

/** Values the server sets on every save; whatever a client sends for them is ignored. */
export const AML_COMPUTED_FIELDS = [
  'appendix2_total_score',
  'appendix2_risk_level',
  'appendix2_reviewed_at',
  'appendix2_reviewed_by',
  'appendix2_next_review',
] as const;

/**
 * Months until the next periodic review, by appendix-2 risk level (ADR 0085): a
 * high-risk client is reviewed every year, medium every two, low every three.
 */
export const AML_REVIEW_MONTHS: Readonly<Record<RiskLevel, number>> = {
  high: 12,
  medium: 24,
  low: 36,
};

export const amlNextReview = (reviewedOn: IsoDate, level: RiskLevel): IsoDate =>
  addMonths(reviewedOn, AML_REVIEW_MONTHS[level]);

/** The stored `aml` object: flat fields, appendix4 and appendix6 objects, computed values. */
export type AmlRecord = Record<string, unknown> & {
  appendix4?: Record<string, unknown>;
  appendix6?: Record<string, unknown>;
};

export interface AmlFieldError {
  field: string;
  message: string;
}

const fieldPath = (field: AmlField) =>
  field.group === 'top' ? `aml.${field.name}` : `aml.${field.group}.${field.name}`;

const TOP_FIELDS = new Map(AML_FIELDS.filter((f) => f.group === 'top').map((f) => [f.name, f]));
const GROUP_FIELDS = {
  appendix4: new Map(AML_FIELDS.filter((f) => f.group === 'appendix4').map((f) => [f.name, f])),
  appendix6: new Map(AML_FIELDS.filter((f) => f.group === 'appendix6').map((f) => [f.name, f])),
};
const COMPUTED: ReadonlySet<string> = new Set(AML_COMPUTED_FIELDS);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value against its field: undefined when it is acceptable, else why not. */
function checkValue(field: AmlField, value: unknown): string | undefined {
  const { type } = field;
  switch (type.kind) {
    case 'yesNo':
      return value === null || typeof value === 'boolean'
        ? undefined
        : 'must be true, false or null';
    case 'text':
      if (value === null) return undefined;
      if (typeof value !== 'string') return 'must be text';
      return value.length > type.max ? `must be at most ${type.max} characters` : undefined;
    case 'date':
      if (value === null || value === '') return undefined;
      return isIsoDate(value) && isDateInRange(value, '1900-01-01', DATE_MAX)
        ? undefined
        : 'must be a date written YYYY-MM-DD';
    case 'multi':
      if (!Array.isArray(value)) return `must be a list of ${type.options.join(', ')}`;
      return value.every((item) => typeof item === 'string' && type.options.includes(item))
        ? undefined
        : `must be a list of ${type.options.join(', ')}`;
    case 'choice':
      return typeof value === 'string' && type.options.includes(value)
        ? undefined
        : `must be one of ${type.options.join(', ')}`;
    case 'userSignature':
      if (value === null) return undefined;
      return isPlainObject(value) &&
        typeof value.user_id === 'string' &&
        typeof value.user_name === 'string' &&
        Object.keys(value).every((key) => key === 'user_id' || key === 'user_name')
        ? undefined
        : 'must be { user_id, user_name } or null';
  }
}

/** A value as stored: an emptied date is null, text kept as typed, lists without repeats. */
function storedValue(field: AmlField, value: unknown): unknown {
  if (field.type.kind === 'date') return value === '' ? null : value;
  if (field.type.kind === 'multi') return [...new Set(value as string[])];
  return value;
}

export type AmlCheck =
  | { ok: true; patch: AmlRecord; touchesAppendix2: boolean }
  | { ok: false; errors: AmlFieldError[] };

/**
 * A save of `aml` (whole or partial), checked field by field: an unknown field, a wrong type or an
 * unknown option is an error naming the field (`aml.appendix4.structure_type`). The computed
 * values are dropped, whatever they hold.
 */
export function checkAmlPatch(input: unknown): AmlCheck {
  if (!isPlainObject(input))
    return { ok: false, errors: [{ field: 'aml', message: 'aml must be an object' }] };
  const errors: AmlFieldError[] = [];
  const patch: AmlRecord = {};
  let touchesAppendix2 = false;
  for (const [name, value] of Object.entries(input)) {
    if (COMPUTED.has(name)) continue;
    if (name === 'appendix4' || name === 'appendix6') {
      if (!isPlainObject(value)) {
        errors.push({ field: `aml.${name}`, message: `aml.${name} must be an object` });
        continue;
      }
      const group: Record<string, unknown> = {};
      for (const [inner, innerValue] of Object.entries(value)) {
        const field = GROUP_FIELDS[name].get(inner);
        if (!field) {
          errors.push({ field: `aml.${name}.${inner}`, message: 'is not an AML field' });
          continue;
        }
        const problem = checkValue(field, innerValue);
        if (problem)
          errors.push({ field: fieldPath(field), message: `${fieldPath(field)} ${problem}` });
        else group[inner] = storedValue(field, innerValue);
      }
      patch[name] = group;
      continue;
    }
    const field = TOP_FIELDS.get(name);
    if (!field) {
      errors.push({ field: `aml.${name}`, message: 'is not an AML field' });
      continue;
    }
    const problem = checkValue(field, value);
    if (problem) {
      errors.push({ field: fieldPath(field), message: `${fieldPath(field)} ${problem}` });
      continue;
    }
    patch[name] = storedValue(field, value);
    if (field.appendix === 'appendix2') touchesAppendix2 = true;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, patch, touchesAppendix2 };
}

/** Who saved, and when: the reviewer an appendix-2 save records. */
export interface AmlReviewer {
  user_id: string | null;
  user_name: string;
}

/**
 * The stored `aml` after a checked save: the patch over what was stored (appendix4 and appendix6
 * merged field by field), the score and level recomputed from the 13 answers on every save, and,
 * when appendix 2 was saved, the reviewer, the time and the next review date.
 */
export function applyAmlPatch(
  current: AmlRecord | null | undefined,
  check: Extract<AmlCheck, { ok: true }>,
  reviewer: AmlReviewer,
  now: Date = new Date(),
): AmlRecord {
  const base: AmlRecord = isPlainObject(current) ? { ...current } : {};
  const next: AmlRecord = { ...base };
  for (const [name, value] of Object.entries(check.patch)) {
    if (name === 'appendix4' || name === 'appendix6') {
      const stored = isPlainObject(base[name]) ? (base[name] as Record<string, unknown>) : {};
      next[name] = { ...stored, ...(value as Record<string, unknown>) };
    } else {
      next[name] = value;
    }
  }
  // Not assessed until appendix 2 is saved once: a save of another appendix before that leaves
  // the organization without a score or a level (never a "low" no one assessed).
  const assessed = check.touchesAppendix2 || typeof base.appendix2_risk_level === 'string';
  if (!assessed) return next;
  const assessment = appendix2Assessment(next as Appendix2Answers);
  next.appendix2_total_score = assessment.appendix2_total_score;
  next.appendix2_risk_level = assessment.appendix2_risk_level;
  if (check.touchesAppendix2) {
    const reviewedOn = todayInDublin(now);
    next.appendix2_reviewed_at = now.toISOString();
    next.appendix2_reviewed_by = reviewer;
    next.appendix2_next_review = amlNextReview(reviewedOn, assessment.appendix2_risk_level);
  }
  return next;
}

/** The value a field shows when nothing is stored ("a yes/no question … displays its default"). */
export function amlFieldDefault(field: AmlField): unknown {
  switch (field.type.kind) {
    case 'yesNo':
      return field.type.default;
    case 'text':
      return field.type.default;
    case 'choice':
      return field.type.default;
    case 'multi':
      return [];
    case 'date':
    case 'userSignature':
      return null;
  }
}

/** A field's value in a stored `aml`, or its default. */
export function amlValue(aml: AmlRecord | null | undefined, field: AmlField): unknown {
  const holder =
    field.group === 'top' ? aml : (aml?.[field.group] as Record<string, unknown> | undefined);
  const value = holder?.[field.name];
  return value === undefined ? amlFieldDefault(field) : value;
}

/** Whether a review is due on `today`: no review yet, or the next review date reached. */
export const isAmlReviewDue = (nextReview: string | null | undefined, today: IsoDate): boolean =>
  !nextReview || nextReview <= today;
