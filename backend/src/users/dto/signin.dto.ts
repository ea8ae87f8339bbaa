import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class SigninDto {
  @ApiProperty({ example: 'aoife@firm.ie' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  password: string;

  @ApiPropertyOptional({
    description: "Two-factor accounts: the authenticator app's 6-digit code, or a recovery code",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  totp?: string;
}
