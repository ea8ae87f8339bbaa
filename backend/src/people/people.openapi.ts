// Record shapes of people in the OpenAPI document
// (libs/domain/src/contract/people-organizations.ts, duplicates.ts).
import { ATTACHED_FILE } from '../files/files.openapi';
import {
  apiArray,
  apiBoolean,
  apiId,
  apiInteger,
  apiNullableDate,
  apiNullableString,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

const person = apiObject({
  _id: apiId,
  firstName: apiString,
  lastName: apiString,
  phone: apiNullableString,
  mail: apiNullableString,
  birth: apiNullableDate,
  nationality: apiNullableString,
  country: apiNullableString,
  ipn: apiNullableString,
  pps: apiNullableString,
  addressStreet1: apiNullableString,
  addressZip1: apiNullableString,
  addressCity1: apiNullableString,
  addressState1: apiNullableString,
  addressCountry1: apiNullableString,
  comments: apiNullableString,
  vif: apiBoolean,
  idPal: apiBoolean,
  pep: apiBoolean,
  companyForm: apiNullableString,
  dateAml: apiNullableDate,
  // The file URLs, as the specification has them; `files` the entries behind them (ADR 0112).
  attachedFiles: apiArray(apiString),
  createdAt: apiTimestamp,
  updatedAt: apiTimestamp,
  deletedAt: apiNullableTimestamp,
  files: apiArray(ATTACHED_FILE),
});

export const PERSON_VIEW = apiSchema('PersonView', person);

/** What a create, update or merge answers: the person's view, whatever `attachedFiles` was sent as. */
export const PERSON_ANSWER = apiSchema('PersonAnswer', person);

export const PEOPLE_DUPLICATE_GROUP = apiSchema(
  'PeopleDuplicateGroup',
  apiObject({
    _id: apiString,
    count: apiInteger,
    people: apiArray(
      apiSchema(
        'DuplicatePerson',
        apiObject({
          contactId: apiId,
          originalLastName: apiString,
          normalizedFirstName: apiString,
          mail: apiNullableString,
          firstName: apiString,
          lastName: apiString,
          createdAt: apiTimestamp,
        }),
      ),
    ),
  }),
);
