import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const USER_SEARCH_DEFAULT_LIMIT = 50;
export const USER_SEARCH_MAX_LIMIT = 200;

export class SearchUsersDto {
  @ApiPropertyOptional({
    description: 'Substring of first name, last name, full name or e-mail (case-insensitive)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: USER_SEARCH_MAX_LIMIT,
    default: USER_SEARCH_DEFAULT_LIMIT,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(USER_SEARCH_MAX_LIMIT)
  limit?: number;
}
