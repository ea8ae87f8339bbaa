// Record shapes of share capital, the registers and the annual return in the OpenAPI document
// (libs/domain/src/contract/registers.ts).
import { REGISTER_KINDS, SHARE_ENTRY_KINDS } from '@registra/domain';
import { api } from '../platform/http/openapi';

export const SHARE_CLASS_VIEW = api.record('ShareClassView', {
  _id: api.id,
  organizationId: api.id,
  name: api.string,
  nominalValue: { ...api.number, minimum: 0 },
  currency: { ...api.string, pattern: '^[A-Z]{3}$' },
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});

export const SHARE_ENTRY_VIEW = api.record('ShareEntryView', {
  _id: api.id,
  organizationId: api.id,
  kind: api.enum(SHARE_ENTRY_KINDS),
  date: api.date,
  shareClassId: api.id,
  shares: { ...api.integer, minimum: 1 },
  toPeopleId: api.id,
  fromPeopleId: api.nullableId,
  b5Due: api.nullableDate,
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});

const person = { peopleId: api.id, firstName: api.string, lastName: api.string };
const particulars = {
  dateOfBirth: api.nullableDate,
  nationality: api.nullableString,
  address: api.nullableString,
};

export const OFFICER_REGISTER_ENTRY = api.record('OfficerRegisterEntry', {
  ...person,
  linkId: api.id,
  role: api.string,
  appointedOn: api.nullableDate,
  ceasedOn: api.nullableDate,
  current: api.boolean,
  ...particulars,
});

export const MEMBER_REGISTER_ENTRY = api.record('MemberRegisterEntry', {
  ...person,
  shareClassId: api.nullableId,
  shareClassName: api.nullableString,
  shares: { ...api.integer, minimum: 0 },
  enteredOn: api.nullableDate,
  ceasedOn: api.nullableDate,
  current: api.boolean,
  address: api.nullableString,
  percentage: api.number,
  statedPercentage: api.nullable(api.number),
  sharesPercentageDiffers: api.boolean,
});

export const BENEFICIAL_OWNER_REGISTER_ENTRY = api.record('BeneficialOwnerRegisterEntry', {
  ...person,
  linkId: api.id,
  interest: api.string,
  percentage: api.number,
  becameOn: api.nullableDate,
  ceasedOn: api.nullableDate,
  current: api.boolean,
  ...particulars,
});

export const REGISTER_ANSWER = api.record('RegisterAnswer', {
  kind: api.enum(REGISTER_KINDS),
  asOf: api.date,
  organizationId: api.id,
  organizationName: api.string,
  cro: api.nullableString,
  // anyOf: an empty register is any of them.
  entries: {
    anyOf: [
      api.array(OFFICER_REGISTER_ENTRY),
      api.array(MEMBER_REGISTER_ENTRY),
      api.array(BENEFICIAL_OWNER_REGISTER_ENTRY),
    ],
  },
});

export const ANNUAL_RETURN_ANSWER = api.record('AnnualReturnAnswer', {
  ard: api.date,
  filingDeadline: api.date,
  organizationName: api.string,
  cro: api.nullableString,
  registeredOffice: api.nullableString,
  officers: api.array(OFFICER_REGISTER_ENTRY),
  members: api.array(MEMBER_REGISTER_ENTRY),
  shareCapital: api.array(
    api.object({
      shareClassId: api.id,
      name: api.string,
      nominalValue: api.number,
      currency: api.string,
      issued: api.integer,
      held: api.integer,
    }),
  ),
  changes: api.array(api.object({ date: api.date, description: api.string })),
  missing: api.array(api.string),
});
