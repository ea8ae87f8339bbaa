import { Body, Controller, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { AdminOnly, Public, Staff } from '../platform/auth/route-access';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param.pipe';
import { ApiDone, ApiOperationIds } from '../platform/http/openapi';
import { AuthThrottled } from './auth-throttler.guard';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto } from './dto/users.dto';
import { PasswordsService } from './passwords.service';
import { ReAuthenticated } from './re-authenticated.decorator';
import { Origin } from './session-answer';
import type { RequestOrigin } from './session-tokens';
import type { AuthUser } from './user.view';

/** A password changed by its owner, forgotten and reset through a one-time link. */
@ApiTags('user')
@ApiOperationIds('Users')
@Staff()
@Controller('user')
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  // Before PUT /user/{id} (UsersModule registers this controller first), so the literal path wins.
  @Put('password')
  @ApiDone()
  @ReAuthenticated()
  @ApiOperation({
    summary:
      "Change the signed-in user's password (current one required, counted like a sign-in: 429 ACCOUNT_LOCKED with Retry-After while the account's limits hold); the user's other sessions end",
  })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Origin() origin: RequestOrigin,
  ): Promise<{ ok: true }> {
    await this.passwords.changePassword(user, dto, origin);
    return { ok: true };
  }

  @Public()
  @AuthThrottled()
  @PostOk('password/forgot')
  @ApiDone()
  @ApiOperation({
    summary:
      'Mail a one-time password-reset link (1 hour) to an active account of this address; the same answer for any address',
  })
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<{ ok: true }> {
    await this.passwords.forgotPassword(dto.email);
    return { ok: true };
  }

  @Public()
  @AuthThrottled()
  @PostOk('password/reset')
  @ApiDone()
  @ApiOperation({
    summary:
      "Set a new password with a reset link's token (once; then 400 INVALID_TOKEN); every session of the user ends",
  })
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<{ ok: true }> {
    await this.passwords.resetPassword(dto);
    return { ok: true };
  }

  @AdminOnly("reset a user's password")
  @PostOk(':id/password-reset')
  @ApiDone()
  @ApiOperation({ summary: 'Admins: mail a user a one-time password-reset link' })
  async adminPasswordReset(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
  ): Promise<{ ok: true }> {
    await this.passwords.adminPasswordReset(user, id);
    return { ok: true };
  }
}
