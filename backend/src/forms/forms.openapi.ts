// Record shapes of company-creation requests in the OpenAPI document
// (libs/domain/src/contract/forms.ts).
import { PERSON_TYPES, PUBLIC_FORM_ROLES } from '@registra/domain';
import {
  apiArray,
  apiBoolean,
  apiEnum,
  apiId,
  apiInteger,
  apiNullable,
  apiNullableId,
  apiNumber,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

const FORM_PERSON = apiSchema(
  'FormPersonView',
  apiObject({
    roles: apiArray(apiEnum(PUBLIC_FORM_ROLES)),
    personType: apiEnum(PERSON_TYPES),
    beneficiaryPercentage: apiNumber,
    secretaryCompany: apiBoolean,
    anonymeShareholder: apiBoolean,
    KBIS: apiString,
    authorizedPerson_name: apiString,
    authorizedPerson_address: apiString,
    firstName: apiString,
    lastName: apiString,
    mail: apiString,
    phone: apiString,
    birth: apiString,
    nationality: apiString,
    street: apiString,
    city: apiString,
    state: apiString,
    country: apiString,
    zip: apiString,
  }),
);

export const FORM_VIEW = apiSchema(
  'FormView',
  apiObject({
    _id: apiId,
    organizationName1: apiString,
    organizationName2: apiString,
    organizationName3: apiString,
    description: apiString,
    IDPAL: apiBoolean,
    secretaryCompany: apiBoolean,
    anonymeShareholder: apiBoolean,
    peoples: apiArray(FORM_PERSON),
    organizationId: apiNullableId,
    convertedAt: apiNullableTimestamp,
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
  }),
);

export const FORM_LIST_ROW = apiSchema(
  'FormListRow',
  apiObject({
    _id: apiId,
    organizationName1: apiString,
    organizationName2: apiString,
    organizationName3: apiString,
    description: apiString,
    members: apiInteger,
    directors: apiString,
    organizationId: apiNullableId,
    createdAt: apiTimestamp,
    updatedAt: apiTimestamp,
  }),
);

export const FORM_CONVERSION_PREVIEW = apiSchema(
  'FormConversionPreview',
  apiObject({
    organizationName: apiString,
    people: apiInteger,
    reused: apiInteger,
    links: apiInteger,
    followUp: apiNullable(apiEnum(['INCORPORATION'])),
  }),
);

export const FORM_CONVERSION = apiSchema(
  'FormConversion',
  apiObject({
    organizationId: apiId,
    organizationName: apiString,
    people: apiArray(
      apiSchema(
        'FormConvertedPerson',
        apiObject({ _id: apiId, firstName: apiString, lastName: apiString, reused: apiBoolean }),
      ),
    ),
    followUpId: apiNullableId,
  }),
);
