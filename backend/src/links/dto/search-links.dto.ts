import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional, IsUUID } from 'class-validator';
import { ORGANIZATION_ROLES } from '@registra/domain';
import type { OrganizationRole } from '@registra/domain';

/**
 * POST /api/linkpeopleorganization/search: exactly one of peopleId (a person's organizations) or
 * organizationId (an organization's members, optionally only those with any of `roles`).
 */
export class SearchLinksDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() peopleId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() organizationId?: string;

  @ApiPropertyOptional({
    enum: ORGANIZATION_ROLES,
    isArray: true,
    description: 'Links having any of these roles',
  })
  @IsOptional()
  @IsArray()
  @IsIn([...ORGANIZATION_ROLES], {
    each: true,
    message: `each role must be one of ${ORGANIZATION_ROLES.join(', ')}`,
  })
  roles?: OrganizationRole[];
}
