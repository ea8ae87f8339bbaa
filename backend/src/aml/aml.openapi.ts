// Record shapes of the AML screens in the OpenAPI document (libs/domain/src/contract/aml.ts).
import {
  apiAnyObject,
  apiArray,
  apiBoolean,
  apiDate,
  apiId,
  apiInteger,
  apiNullableDate,
  apiNullableString,
  apiNumber,
  apiObject,
  apiSchema,
  apiString,
} from '../platform/http/openapi';

export const BENEFICIAL_OWNER_REGISTER = apiSchema(
  'BeneficialOwnerRegister',
  apiObject({
    organizationId: apiId,
    organizationName: apiString,
    cro: apiNullableString,
    thresholdPercent: apiNumber,
    owners: apiArray(
      apiSchema(
        'BeneficialOwner',
        apiObject({
          personId: apiId,
          linkId: apiId,
          firstName: apiString,
          lastName: apiString,
          birth: apiNullableDate,
          nationality: apiNullableString,
          country: apiNullableString,
          address: apiString,
          mail: apiNullableString,
          pps: apiNullableString,
          roles: apiArray(apiString),
          beneficiaryPercentage: apiNumber,
        }),
      ),
    ),
    shareholdingTotal: apiNumber,
    shareholders: apiInteger,
    shareholdingComplete: apiBoolean,
  }),
);

/** GET /organization/{id}/aml?at=: the AML answers as they stood that day. */
export const AML_AS_OF = apiObject({ at: apiDate, aml: apiAnyObject });
