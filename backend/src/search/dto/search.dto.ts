import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** GET /api/search?q=: the top bar's search box. */
export class GlobalSearchDto {
  @ApiProperty({
    description: 'Two characters or more (a shorter text finds nothing), at most 200',
    maxLength: 200,
  })
  @IsString({ message: 'q must be a text' })
  @MaxLength(200, { message: 'q must be 200 characters or fewer' })
  q: string;
}
