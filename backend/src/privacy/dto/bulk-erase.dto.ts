import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { RETENTION_REVIEW_MAX } from '../privacy.service';

/** POST /retention-review/erase: the people and prospects' requests an administrator ticked. */
export class BulkEraseDto {
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: RETENTION_REVIEW_MAX,
    description: 'The ids of the people to erase',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(RETENTION_REVIEW_MAX, {
    message: `people names at most ${RETENTION_REVIEW_MAX} people at once`,
  })
  @IsUUID('all', { each: true, message: 'each of people must be an id' })
  people?: string[];

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: RETENTION_REVIEW_MAX,
    description: "The ids of the prospects' requests to erase",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(RETENTION_REVIEW_MAX, {
    message: `prospects names at most ${RETENTION_REVIEW_MAX} requests at once`,
  })
  @IsUUID('all', { each: true, message: 'each of prospects must be an id' })
  prospects?: string[];
}
