import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SORT_ORDERS,
  USER_ROLES,
  USER_SORT_FIELDS,
  USER_STATUSES,
} from '@registra/domain';
import type { SortOrder, UserRole, UserSortField, UserStatus } from '@registra/domain';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredText, trimmed } from '../../platform/http/dto-fields';
import { IsEmailAddress } from '../../platform/http/validators';
import { IsAcceptablePassword } from '../password-policy';
import { QueryLimit, QueryPage } from '../../platform/http/list-query.dto';

/** A staff member's first or last name: required, without the spaces around it; `example`: one. */
export const StaffName = (example: string) =>
  applyDecorators(ApiProperty({ example }), Transform(trimmed), RequiredText(100));

export const USER_LIST_DEFAULT_LIMIT = 50;
export const USER_LIST_MAX_LIMIT = 200;

/** POST /user/invite (admins). */
export class InviteUserDto {
  @ApiProperty({ example: 'sean@firm.ie' })
  @Transform(trimmed)
  @IsEmailAddress({ message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;

  @StaffName('Sean')
  firstName: string;

  @StaffName('Kelly')
  lastName: string;

  @ApiProperty({ enum: USER_ROLES })
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role: UserRole;
}

/** PUT /user/{id} (admins): the role, or deactivation and reactivation. */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: USER_ROLES })
  @IsOptional()
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role?: UserRole;

  @ApiPropertyOptional({ description: 'false deactivates the account (its sessions end at once)' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** GET /user (admins): every account, deactivated ones included. */
export class ListUsersDto {
  @QueryPage() page?: number;
  @QueryLimit(USER_LIST_MAX_LIMIT, USER_LIST_DEFAULT_LIMIT) limit?: number;

  @ApiPropertyOptional({ enum: USER_STATUSES })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: `status must be one of ${USER_STATUSES.join(', ')}` })
  status?: UserStatus;

  @ApiPropertyOptional({ enum: USER_SORT_FIELDS, default: 'name' })
  @IsOptional()
  @IsIn(USER_SORT_FIELDS, {
    message: `sortField must be one of ${USER_SORT_FIELDS.join(', ')}`,
  })
  sortField?: UserSortField;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc' })
  @IsOptional()
  @IsIn(SORT_ORDERS, { message: `sortOrder must be one of ${SORT_ORDERS.join(', ')}` })
  sortOrder?: SortOrder;
}

/** PUT /user/password: the signed-in user's own password. */
export class ChangePasswordDto {
  @ApiProperty()
  @RequiredText(PASSWORD_MAX_LENGTH)
  currentPassword: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsAcceptablePassword()
  newPassword: string;
}

/** POST /user/password/forgot. */
export class ForgotPasswordDto {
  @ApiProperty({ example: 'aoife@firm.ie' })
  @Transform(trimmed)
  @RequiredText(254)
  email: string;
}

/** POST /user/password/reset: the link's token and the new password. */
export class ResetPasswordDto {
  @ApiProperty({ description: "The reset link's token" })
  @RequiredText(200)
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsAcceptablePassword()
  newPassword: string;
}

/** POST /user/totp/confirm: the new app's first code. */
export class TotpCodeDto {
  @ApiProperty({ example: '123456' })
  @RequiredText(64)
  code: string;
}

/**
 * POST /user/totp: the account's password, and for an account already enrolled (another app
 * replacing its own) a current code of that app or a recovery code.
 */
export class StartTotpDto {
  @ApiProperty({ description: "The signed-in user's password" })
  @RequiredText(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiPropertyOptional({
    example: '123456',
    description:
      'Required when two-factor sign-in is on already: a code of the app in use, or a recovery code',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string;
}

/**
 * DELETE /user/totp and POST /user/totp/recovery-codes: the password and a current code of the app
 * (or a recovery code).
 */
export class DisableTotpDto {
  @ApiProperty({ description: "The signed-in user's password" })
  @RequiredText(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiProperty({ example: '123456', description: 'A code of the app, or a recovery code' })
  @RequiredText(64)
  code: string;
}

/** POST /user/totp/enrolment: the token a sign-in answered with TOTP_ENROLMENT_REQUIRED. */
export class TotpEnrolmentTokenDto {
  @ApiProperty({ description: 'The enrolmentToken of the TOTP_ENROLMENT_REQUIRED answer' })
  @RequiredText(200)
  enrolmentToken: string;
}

/** POST /user/totp/enrolment/confirm: that token and the app's first code. */
export class ConfirmTotpEnrolmentDto extends TotpEnrolmentTokenDto {
  @ApiProperty({ example: '123456' })
  @RequiredText(64)
  code: string;
}

/** PUT /user/two-factor: administrators require two-factor sign-in of everyone, or stop. */
export class TwoFactorRequirementDto {
  @ApiProperty({ description: 'Every account signs in with an authenticator code' })
  @IsBoolean()
  required: boolean;
}
