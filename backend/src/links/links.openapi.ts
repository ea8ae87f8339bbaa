// Record shapes of person–organization links in the OpenAPI document
// (libs/domain/src/contract/links.ts).
import { api } from '../platform/http/openapi';

const link = {
  _id: api.id,
  peopleId: api.id,
  organizationId: api.id,
  roles: api.array(api.string),
  beneficiaryPercentage: { ...api.number, minimum: 0, maximum: 100 },
  appointedOn: api.nullableDate,
  ceasedOn: api.nullableDate,
  beneficialInterest: api.nullableString,
  createdAt: api.timestamp,
  updatedAt: api.timestamp,
};

export const LINK_VIEW = api.record('LinkView', link);

/** Listed by person: the organization side populated. */
export const LINK_WITH_ORGANIZATION = api.record('LinkWithOrganization', {
  ...link,
  organizationId: api.object({ _id: api.id, name: api.string }),
});

/** Listed by organization: the person side populated. */
export const LINK_WITH_PERSON = api.record('LinkWithPerson', {
  ...link,
  peopleId: api.object({ _id: api.id, firstName: api.string, lastName: api.string }),
});
