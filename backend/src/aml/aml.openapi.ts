// Record shapes of the AML screens in the OpenAPI document (libs/domain/src/contract/aml.ts).
import { api } from '../platform/http/openapi';

export const BENEFICIAL_OWNER_REGISTER = api.record('BeneficialOwnerRegister', {
  organizationId: api.id,
  organizationName: api.string,
  cro: api.nullableString,
  thresholdPercent: api.number,
  owners: api.array(
    api.record('BeneficialOwner', {
      personId: api.id,
      linkId: api.id,
      firstName: api.string,
      lastName: api.string,
      birth: api.nullableDate,
      nationality: api.nullableString,
      country: api.nullableString,
      address: api.string,
      mail: api.nullableString,
      pps: api.nullableString,
      roles: api.array(api.string),
      beneficiaryPercentage: api.number,
    }),
  ),
  shareholdingTotal: api.number,
  shareholders: api.integer,
  shareholdingComplete: api.boolean,
});

/** GET /organization/{id}/aml?at=: the AML answers as they stood that day. */
export const AML_AS_OF = api.object({ at: api.date, aml: api.anyObject });
