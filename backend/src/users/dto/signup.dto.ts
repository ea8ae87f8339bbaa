import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@registra/domain';
import { Transform } from 'class-transformer';
import { MaxLength, ValidateIf } from 'class-validator';
import { RequiredText, trimmed } from '../../platform/http/dto-fields';
import { IsEmailAddress } from '../../platform/http/validators';
import { IsAcceptablePassword } from '../password-policy';
import { StaffName } from './users.dto';

export class SignupDto {
  @StaffName('Aoife')
  firstName: string;

  @StaffName('Murphy')
  lastName: string;

  @ApiProperty({ example: 'aoife@firm.ie' })
  @Transform(trimmed)
  @IsEmailAddress({ message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Not on the list of common passwords',
  })
  @IsAcceptablePassword()
  password: string;

  @ApiPropertyOptional({
    description: 'The sign-up code the firm gives its staff (when there is no invitation)',
  })
  @ValidateIf((dto: SignupDto) => dto.invite === undefined)
  @RequiredText(200)
  secretCode?: string;

  @ApiPropertyOptional({ description: "The invitation's token, from its sign-up link" })
  @ValidateIf((dto: SignupDto) => dto.invite !== undefined)
  @RequiredText(200)
  invite?: string;
}
