import { ApiProperty } from '@nestjs/swagger';
import { ORGANIZATION_ROLES } from '@registra/domain';
import type { LinkView, LinkWithOrganization, LinkWithPerson } from '@registra/domain';
import type { LinkRow } from './links.schema';

/** A person–organization link as the API shows it (the shared contract, spec 01 section 3). */
export type { LinkView, LinkWithOrganization, LinkWithPerson };

/** The OpenAPI description of a LinkView. */
export class LinkViewDoc implements LinkView {
  @ApiProperty() _id: string;
  @ApiProperty({ format: 'uuid' }) peopleId: string;
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty({ enum: ORGANIZATION_ROLES, isArray: true }) roles: string[];
  @ApiProperty({ minimum: 0, maximum: 100 }) beneficiaryPercentage: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toLinkView(row: LinkRow): LinkView {
  return {
    _id: row.id,
    peopleId: row.peopleId,
    organizationId: row.organizationId,
    roles: row.roles,
    // numeric(5, 2) arrives as a string ("12.50"); the API speaks numbers.
    beneficiaryPercentage: Number(row.beneficiaryPercentage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
