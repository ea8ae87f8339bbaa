import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { RETENTION_REVIEW_MAX } from '../privacy.service';

/** POST /retention-review/erase: the people an administrator ticked in the review. */
export class BulkEraseDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: RETENTION_REVIEW_MAX,
    description: 'The ids of the people to erase',
  })
  @IsArray()
  @ArrayMinSize(1, { message: 'people must name at least one person' })
  @ArrayMaxSize(RETENTION_REVIEW_MAX, {
    message: `people names at most ${RETENTION_REVIEW_MAX} people at once`,
  })
  @IsUUID('all', { each: true, message: 'each of people must be an id' })
  people: string[];
}
