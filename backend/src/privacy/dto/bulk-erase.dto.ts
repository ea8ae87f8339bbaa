import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { RETENTION_REVIEW_MAX } from '../privacy.service';

/** Optional ids of one group of the review, at most as many as the review lists. */
const ReviewedIds = (field: string, records: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: [String],
      format: 'uuid',
      maxItems: RETENTION_REVIEW_MAX,
      description,
    }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(RETENTION_REVIEW_MAX, {
      message: `${field} names at most ${RETENTION_REVIEW_MAX} ${records} at once`,
    }),
    IsUUID('all', { each: true, message: `each of ${field} must be an id` }),
  );

/** POST /retention-review/erase: the people and prospects' requests an administrator ticked. */
export class BulkEraseDto {
  @ReviewedIds('people', 'people', 'The ids of the people to erase')
  people?: string[];

  @ReviewedIds('prospects', 'requests', "The ids of the prospects' requests to erase")
  prospects?: string[];
}
