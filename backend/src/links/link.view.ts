import { ApiProperty } from '@nestjs/swagger';
import { ORGANIZATION_ROLES } from '@registra/domain';
import type { LinkView, LinkWithOrganization, LinkWithPerson } from '@registra/domain';
import { JsonView } from '../platform/database/json-view';
import { peopleOrganizationLinks } from './links.schema';
import type { LinkRow } from './links.schema';

/** A person–organization link as the API shows it (the shared contract). */
export type { LinkView, LinkWithOrganization, LinkWithPerson };

/** The OpenAPI description of a LinkView. */
export class LinkViewDoc implements LinkView {
  @ApiProperty() _id: string;
  @ApiProperty({ format: 'uuid' }) peopleId: string;
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty({ enum: ORGANIZATION_ROLES, isArray: true }) roles: string[];
  @ApiProperty({ minimum: 0, maximum: 100 }) beneficiaryPercentage: number;
  @ApiProperty({ format: 'date', nullable: true, type: String }) appointedOn: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String }) ceasedOn: string | null;
  @ApiProperty({ nullable: true, type: String }) beneficialInterest: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/**
 * A link as the API shows it: numeric(5, 2) arrives from the database as a string ("12.50"); the
 * API speaks numbers, on both sides.
 */
export const LINK_VIEW = new JsonView(peopleOrganizationLinks, {
  hidden: ['deletedAt'],
  converted: {
    beneficiaryPercentage: { sql: (value) => `${value}::float8`, js: Number },
  },
});

export function toLinkView(row: LinkRow): LinkView {
  return LINK_VIEW.toView(row) as unknown as LinkView;
}
