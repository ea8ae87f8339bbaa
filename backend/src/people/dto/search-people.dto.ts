import { ApiPropertyOptional } from '@nestjs/swagger';
import { TEXT_MAX_LENGTHS } from '@registra/domain';
import { Transform } from 'class-transformer';
import { Equals, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto, PickerRead } from '../../platform/http/list-query.dto';

export const PEOPLE_SORT_FIELDS = ['firstName', 'lastName', 'mail', 'createdAt'] as const;
export type PeopleSortField = (typeof PEOPLE_SORT_FIELDS)[number];

/**
 * POST /api/people/search (docs/api/people-organizations-links.md): live people only, newest first
 * by default.
 */
export class SearchPeopleDto extends ListQueryDto {
  @PickerRead()
  picker?: boolean;

  @ApiPropertyOptional({ enum: PEOPLE_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @IsIn([...PEOPLE_SORT_FIELDS])
  sortField?: PeopleSortField;

  @ApiPropertyOptional({ description: 'Exact lower-case country name', example: 'ireland' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() || undefined : value,
  )
  @IsString()
  // No stored country is longer: a longer filter is a mistake.
  @MaxLength(TEXT_MAX_LENGTHS.person.country)
  country?: string;

  // The client sends `deletedAt: null` as a filter; deleted people are never listed, so any
  // other value would ask for something this API does not offer.
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Only null is accepted' })
  @IsOptional()
  @Equals(null, { message: 'deletedAt can only be null: deleted people are never listed' })
  deletedAt?: null;
}
