import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_LIMIT, PAGE_NUMBER_MAX } from '@registra/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { OptionalText } from './dto-fields';

// The limits live in the domain library, shared with the client.
export const DEFAULT_PAGE_LIMIT = DEFAULT_PAGE_SIZE;
export { MAX_PAGE_LIMIT };

/** A page number read from the query string: 1 to PAGE_NUMBER_MAX, 1 when left out. */
export const QueryPage = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(PAGE_NUMBER_MAX),
  );

/** A page size read from the query string: 1 to `max`, `byDefault` when left out. */
export const QueryLimit = (max: number, byDefault: number): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: byDefault }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(max),
  );

/** page / limit of every paginated list. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(PAGE_NUMBER_MAX)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit?: number;
}

/**
 * The sort a list asked for, else its own: `byDefault` descending (newest first) unless told.
 */
export const listSort = <Field extends string>(
  dto: { sortField?: Field; sortOrder?: 'asc' | 'desc' },
  byDefault: NoInfer<Field>,
  order: 'asc' | 'desc' = 'desc',
) => ({ field: dto.sortField ?? byDefault, order: dto.sortOrder ?? order });

/**
 * `picker`: the search comes from a picker (a link modal, a record select). Sorted by name
 * ascending with a text, it lists the names starting with the text first, then the other
 * matches, and counts exactly up to TEXT_TOTAL_MAX (ADR 0150).
 */
export const PickerRead = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type: Boolean,
      default: false,
      description:
        "A picker's search: sorted by name ascending with a text, the names starting with the text come first, then the other matches, each group in name order; totalItems is exact up to 1000, then a lower bound (totalItemsIsLowerBound).",
    }),
    IsOptional(),
    IsBoolean(),
  );

/** A list's sort, and whether a picker reads it ({@link PickerRead}). */
export const pickerSort = <Field extends string>(
  dto: { sortField?: Field; sortOrder?: 'asc' | 'desc'; picker?: boolean },
  byDefault: NoInfer<Field>,
) => ({ ...listSort(dto, byDefault), picker: dto.picker === true });

/** page / limit / sortOrder / search shared by every list search; each context adds its filters. */
export class ListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Free-text search' })
  @OptionalText(200)
  search?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortOrder?: 'asc' | 'desc';
}

/** The duplicates dialogs' groups: biggest first, 500 a page by default. */
export const DUPLICATE_GROUPS_PAGE_MAX = 500;

/** GET /people/duplicates and /organization/duplicates: page and limit (query string). */
export class DuplicatesQueryDto {
  @QueryPage() page?: number;
  @QueryLimit(DUPLICATE_GROUPS_PAGE_MAX, DUPLICATE_GROUPS_PAGE_MAX) limit?: number;
}
