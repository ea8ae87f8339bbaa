import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredText, trimmed } from '../../platform/http/dto-fields';

export class SigninDto {
  @ApiProperty({ example: 'aoife@firm.ie' })
  @Transform(trimmed)
  @RequiredText(254)
  email: string;

  @ApiProperty()
  @RequiredText(200)
  password: string;

  @ApiPropertyOptional({
    description: "Two-factor accounts: the authenticator app's 6-digit code, or a recovery code",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  totp?: string;
}
