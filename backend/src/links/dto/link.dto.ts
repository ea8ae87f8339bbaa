import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import type { ValidationOptions } from 'class-validator';
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  ORGANIZATION_ROLES,
} from '@registra/domain';
import type { OrganizationRole } from '@registra/domain';
import { IsCalendarDate, ValidationRule } from '../../platform/http/validators';
import { ExpectedVersion, NullableText, OptionalOrNone } from '../../platform/http/dto-fields';

/** The register of beneficial owners' wording of an interest: a sentence or two. */
export const BENEFICIAL_INTEREST_MAX = 500;

/** A finite number in [0, 100] with at most two decimals (it is stored as numeric(5, 2)). */
export function isBeneficiaryPercentage(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (value < BENEFICIARY_PERCENTAGE_MIN || value > BENEFICIARY_PERCENTAGE_MAX) return false;
  // Compared on hundredths with a tolerance, as 12.34 * 100 is not exactly 1234 in binary.
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

function IsBeneficiaryPercentage(options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isBeneficiaryPercentage',
    { validate: isBeneficiaryPercentage },
    {
      message: `$property must be a number from ${BENEFICIARY_PERCENTAGE_MIN} to ${BENEFICIARY_PERCENTAGE_MAX} with at most 2 decimals`,
      ...options,
    },
  );
}

const rolesDoc = { enum: ORGANIZATION_ROLES, isArray: true, description: 'No duplicates' } as const;
const percentageDoc = {
  minimum: BENEFICIARY_PERCENTAGE_MIN,
  maximum: BENEFICIARY_PERCENTAGE_MAX,
  description: 'Kept only when roles include shareholder; otherwise stored as 0',
} as const;

/** Roles and beneficiary percentage, as the create and the edit-roles dialogs send them. */
export class LinkRolesDto {
  @ApiPropertyOptional(rolesDoc)
  @IsOptional()
  @IsArray()
  @IsIn([...ORGANIZATION_ROLES], {
    each: true,
    message: `each role must be one of ${ORGANIZATION_ROLES.join(', ')}`,
  })
  @ArrayUnique({ message: 'roles must not repeat a role' })
  roles?: OrganizationRole[] | null;

  @ApiPropertyOptional(percentageDoc)
  @IsOptional()
  @IsBeneficiaryPercentage()
  beneficiaryPercentage?: number | null;

  @ApiPropertyOptional({
    format: 'date',
    nullable: true,
    type: String,
    description:
      'The day the role began (appointment, membership, becoming a beneficial owner); null: not recorded',
  })
  @OptionalOrNone()
  @IsCalendarDate()
  appointedOn?: string | null;

  @ApiPropertyOptional({
    format: 'date',
    nullable: true,
    type: String,
    description: 'The day the role ended (never before appointedOn); null while it is held',
  })
  @OptionalOrNone()
  @IsCalendarDate()
  ceasedOn?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: BENEFICIAL_INTEREST_MAX,
    description: "A beneficial owner's nature and extent of interest",
  })
  @NullableText(BENEFICIAL_INTEREST_MAX)
  beneficialInterest?: string | null;

  @ApiPropertyOptional({
    default: false,
    description:
      'true: the CRO form of this change (B10) is already filed, so no follow-up is started',
  })
  @IsOptional()
  @IsBoolean()
  alreadyFiled?: boolean;
}

/** POST /api/linkpeopleorganization */
export class CreateLinkDto extends LinkRolesDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() peopleId: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID() organizationId: string;
}

/** PUT /api/linkpeopleorganization/{id}: a field left out keeps its value. */
export class UpdateLinkDto extends LinkRolesDto {
  @ExpectedVersion() updatedAt?: string;
}
