// Record shapes of company-creation requests in the OpenAPI document
// (libs/domain/src/contract/forms.ts).
import { PERSON_TYPES, PUBLIC_FORM_ROLES } from '@registra/domain';
import { api } from '../platform/http/openapi';

const FORM_PERSON = api.record('FormPersonView', {
  roles: api.array(api.enum(PUBLIC_FORM_ROLES)),
  personType: api.enum(PERSON_TYPES),
  beneficiaryPercentage: api.number,
  secretaryCompany: api.boolean,
  anonymeShareholder: api.boolean,
  KBIS: api.string,
  authorizedPerson_name: api.string,
  authorizedPerson_address: api.string,
  firstName: api.string,
  lastName: api.string,
  mail: api.string,
  phone: api.string,
  birth: api.string,
  nationality: api.string,
  street: api.string,
  city: api.string,
  state: api.string,
  country: api.string,
  zip: api.string,
});

/** What the request is, as the view and a list row both begin. */
const formNames = {
  _id: api.id,
  organizationName1: api.string,
  organizationName2: api.string,
  organizationName3: api.string,
  description: api.string,
};

export const FORM_VIEW = api.record('FormView', {
  ...formNames,
  IDPAL: api.boolean,
  secretaryCompany: api.boolean,
  anonymeShareholder: api.boolean,
  peoples: api.array(FORM_PERSON),
  organizationId: api.nullableId,
  convertedAt: api.nullableTimestamp,
  kept: api.boolean,
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});

export const FORM_LIST_ROW = api.record('FormListRow', {
  ...formNames,
  members: api.integer,
  directors: api.string,
  organizationId: api.nullableId,
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
});

export const FORM_CONVERSION_PREVIEW = api.record('FormConversionPreview', {
  organizationName: api.string,
  people: api.integer,
  reused: api.integer,
  links: api.integer,
  followUp: api.nullable(api.enum(['INCORPORATION'])),
});

export const FORM_CONVERSION = api.record('FormConversion', {
  organizationId: api.id,
  organizationName: api.string,
  people: api.array(
    api.record('FormConvertedPerson', {
      _id: api.id,
      firstName: api.string,
      lastName: api.string,
      reused: api.boolean,
    }),
  ),
  followUpId: api.nullableId,
});
