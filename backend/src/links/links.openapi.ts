// Record shapes of person–organization links in the OpenAPI document
// (libs/domain/src/contract/links.ts).
import {
  apiArray,
  apiId,
  apiNumber,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
} from '../platform/http/openapi';

const link = {
  _id: apiId,
  peopleId: apiId,
  organizationId: apiId,
  roles: apiArray(apiString),
  beneficiaryPercentage: { ...apiNumber, minimum: 0, maximum: 100 },
  createdAt: apiTimestamp,
  updatedAt: apiTimestamp,
};

export const LINK_VIEW = apiSchema('LinkView', apiObject(link));

/** Listed by person: the organization side populated. */
export const LINK_WITH_ORGANIZATION = apiSchema(
  'LinkWithOrganization',
  apiObject({ ...link, organizationId: apiObject({ _id: apiId, name: apiString }) }),
);

/** Listed by organization: the person side populated. */
export const LINK_WITH_PERSON = apiSchema(
  'LinkWithPerson',
  apiObject({
    ...link,
    peopleId: apiObject({ _id: apiId, firstName: apiString, lastName: apiString }),
  }),
);
