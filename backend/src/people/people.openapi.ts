// Record shapes of people in the OpenAPI document
// (libs/domain/src/contract/people-organizations.ts, duplicates.ts).
import { ATTACHED_FILE } from '../files/files.openapi';
import { api, duplicateGroupSchema } from '../platform/http/openapi';

const person = api.object({
  _id: api.id,
  firstName: api.string,
  lastName: api.string,
  phone: api.nullableString,
  mail: api.nullableString,
  birth: api.nullableDate,
  nationality: api.nullableString,
  country: api.nullableString,
  ipn: api.nullableString,
  pps: api.nullableString,
  addressStreet1: api.nullableString,
  addressZip1: api.nullableString,
  addressCity1: api.nullableString,
  addressState1: api.nullableString,
  addressCountry1: api.nullableString,
  comments: api.nullableString,
  vif: api.boolean,
  idPal: api.boolean,
  pep: api.boolean,
  companyForm: api.nullableString,
  dateAml: api.nullableDate,
  // The file URLs, as the client reads them; `files` the entries behind them (ADR 0112).
  attachedFiles: api.array(api.string),
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
  deletedAt: api.nullableTimestamp,
  files: api.array(ATTACHED_FILE),
});

export const PERSON_VIEW = api.schema('PersonView', person);

/** What a create, update or merge answers: the person's view, whatever `attachedFiles` was sent as. */
export const PERSON_ANSWER = api.schema('PersonAnswer', person);

const DUPLICATE_PERSON = api.record('DuplicatePerson', {
  contactId: api.id,
  originalLastName: api.string,
  normalizedFirstName: api.string,
  mail: api.nullableString,
  firstName: api.string,
  lastName: api.string,
  createdAt: api.timestamp,
});

export const PEOPLE_DUPLICATE_GROUP = duplicateGroupSchema('PeopleDuplicateGroup', {
  people: api.array(DUPLICATE_PERSON),
});
