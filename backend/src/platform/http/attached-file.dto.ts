import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { IsTimestamp } from './validators';

/** An entry of a record's `attachedFiles` (the files module writes them on upload). */
export class AttachedFileDto {
  @ApiProperty() @IsString() @MaxLength(2000) url: string;
  @ApiProperty() @IsString() @MaxLength(300) folder: string;
  @ApiProperty() @IsString() @MaxLength(500) fileName: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) size?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) contentType?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) uploadedBy?: string;
  @ApiPropertyOptional() @IsOptional() @IsTimestamp() uploadedAt?: string;
}
