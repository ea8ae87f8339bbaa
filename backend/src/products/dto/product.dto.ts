import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, TEXT_MAX_LENGTHS } from '@registra/domain';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const PRODUCT_NAME_MAX = TEXT_MAX_LENGTHS.product.name;
/** Products are a few thousand at most; a search answers this many at most. */
export const PRODUCT_SEARCH_MAX = 10_000;

/** POST /api/product: "name non-empty after trimming ('Product name is required')". */
export class CreateProductDto {
  @ApiProperty({ maxLength: PRODUCT_NAME_MAX })
  @Transform(trim)
  @IsString({ message: MESSAGES.productNameRequired })
  @IsNotEmpty({ message: MESSAGES.productNameRequired })
  @MaxLength(PRODUCT_NAME_MAX)
  name: string;

  @ApiPropertyOptional({ default: false, description: "'Is this a subscription product?'" })
  @IsOptional()
  @IsBoolean()
  subscription?: boolean;
}

/** POST /api/product/search: every product (fetchAll), the subscription ones, or by name. */
export class SearchProductsDto {
  @ApiPropertyOptional({ description: 'Every product, whatever the other filters' })
  @IsOptional()
  @IsBoolean()
  fetchAll?: boolean;

  @ApiPropertyOptional({ description: 'true: subscription products only; false: one-off only' })
  @IsOptional()
  @IsBoolean()
  subscription?: boolean;

  @ApiPropertyOptional({ description: 'Name contains (case and accents ignored)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ maximum: PRODUCT_SEARCH_MAX })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(PRODUCT_SEARCH_MAX)
  limit?: number;
}
