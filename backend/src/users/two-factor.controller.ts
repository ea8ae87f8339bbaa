import { Body, Controller, Delete, HttpCode, HttpStatus, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FirmSettingsView } from '@registra/domain';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { AdminOnly, Public, Staff } from '../platform/auth/route-access';
import { DeleteOk, PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { ApiOk, ApiOperationIds } from '../platform/http/openapi';
import { FIRM_SETTINGS_VIEW } from '../settings/settings.openapi';
import { AuthThrottled } from './auth-throttler.guard';
import {
  ConfirmTotpEnrolmentDto,
  DisableTotpDto,
  StartTotpDto,
  TotpCodeDto,
  TotpEnrolmentTokenDto,
  TwoFactorRequirementDto,
} from './dto/users.dto';
import { Origin, sessionAnswer } from './session-answer';
import type { RequestOrigin } from './session-tokens';
import { ReAuthenticated } from './re-authenticated.decorator';
import type { SessionAnswer } from './session-answer';
import type { TotpEnrolment } from './two-factor';
import { TwoFactorService } from './two-factor.service';
import type { AuthUser, UserView } from './user.view';
import {
  ENROLLED_SESSION_ANSWER,
  RECOVERY_CODES,
  TOTP_ENROLMENT,
  USER_VIEW,
} from './users.openapi';

/** Two-factor sign-in: a user's enrolment, an administrator's reset, the firm's requirement. */
@ApiTags('user')
@ApiOperationIds('Users')
@Staff()
@Controller('user')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @PostOk('totp')
  @ApiOk(TOTP_ENROLMENT)
  @ReAuthenticated()
  @ApiOperation({
    summary:
      'Start a two-factor enrolment with the password (and, when two-factor sign-in is on already, a current code: another app replaces it once confirmed): {secret, otpauthUrl, qrCode}; sign-in asks for codes once confirmed. Wrong ones count like a failed sign-in (429 ACCOUNT_LOCKED)',
  })
  async startTotp(
    @CurrentUser() user: AuthUser,
    @Body() dto: StartTotpDto,
    @Origin() origin: RequestOrigin,
  ): Promise<Ok<TotpEnrolment>> {
    return ok(await this.twoFactor.startTotp(user, dto.password, dto.code, origin));
  }

  @PostOk('totp/confirm')
  @ApiOk(RECOVERY_CODES)
  @ApiOperation({
    summary: 'Confirm the enrolment with a first code: {recoveryCodes} (ten, shown once)',
  })
  async confirmTotp(
    @CurrentUser() user: AuthUser,
    @Body() dto: TotpCodeDto,
  ): Promise<Ok<{ recoveryCodes: string[] }>> {
    return ok({ recoveryCodes: await this.twoFactor.confirmTotp(user, dto.code) });
  }

  @PostOk('totp/recovery-codes')
  @ApiOk(RECOVERY_CODES)
  @ReAuthenticated(404)
  @ApiOperation({
    summary:
      'Ten new recovery codes in place of the earlier ones (shown once), with the password and a current code or a recovery code; wrong ones count like a failed sign-in (429 ACCOUNT_LOCKED); 404 without two-factor sign-in',
  })
  async renewRecoveryCodes(
    @CurrentUser() user: AuthUser,
    @Body() dto: DisableTotpDto,
    @Origin() origin: RequestOrigin,
  ): Promise<Ok<{ recoveryCodes: string[] }>> {
    const { password, code } = dto;
    return ok({
      recoveryCodes: await this.twoFactor.renewRecoveryCodes(user, password, code, origin),
    });
  }

  // Before DELETE /user/{id} (UsersModule registers this controller first), so the literal path wins.
  @DeleteOk('totp', USER_VIEW)
  @ReAuthenticated(403, 404)
  @ApiOperation({
    summary:
      'Turn two-factor sign-in off with the password and a current code or a recovery code; wrong ones count like a failed sign-in (429 ACCOUNT_LOCKED)',
  })
  async disableTotp(
    @CurrentUser() user: AuthUser,
    @Body() dto: DisableTotpDto,
    @Origin() origin: RequestOrigin,
  ): Promise<Ok<UserView>> {
    return ok(await this.twoFactor.disableTotp(user, dto.password, dto.code, origin));
  }

  @Public()
  @AuthThrottled()
  @PostOk('totp/enrolment')
  @ApiOk(TOTP_ENROLMENT)
  @ApiOperation({
    summary:
      "While the firm requires two-factor sign-in: start the enrolment a sign-in's TOTP_ENROLMENT_REQUIRED token allows: {secret, otpauthUrl, qrCode}",
  })
  async startRequiredTotp(@Body() dto: TotpEnrolmentTokenDto): Promise<Ok<TotpEnrolment>> {
    return ok(await this.twoFactor.startRequiredTotp(dto.enrolmentToken));
  }

  @Public()
  @AuthThrottled()
  @PostOk('totp/enrolment/confirm')
  @ApiOkResponse({ description: 'Enrolled and signed in', schema: ENROLLED_SESSION_ANSWER })
  @ApiOperation({
    summary:
      'Confirm that enrolment with a first code: the session the sign-in held back, and {recoveryCodes} (ten, shown once)',
  })
  async confirmRequiredTotp(
    @Body() dto: ConfirmTotpEnrolmentDto,
    @Origin() origin: RequestOrigin,
  ): Promise<SessionAnswer & { recoveryCodes: string[] }> {
    const { recoveryCodes, ...signedIn } = await this.twoFactor.confirmRequiredTotp(
      dto.enrolmentToken,
      dto.code,
      origin,
    );
    return { ...sessionAnswer(signedIn), recoveryCodes };
  }

  // Before PUT /user/{id} (UsersModule registers this controller first), so the literal path wins.
  @AdminOnly('require two-factor sign-in')
  @Put('two-factor')
  @ApiOk(FIRM_SETTINGS_VIEW)
  @ApiOperation({
    summary:
      'Admins: require two-factor sign-in of everyone (sessions of accounts without it end), or stop requiring it',
  })
  async setTwoFactorRequired(
    @CurrentUser() user: AuthUser,
    @Body() dto: TwoFactorRequirementDto,
  ): Promise<Ok<FirmSettingsView>> {
    return ok(await this.twoFactor.setTwoFactorRequired(user, dto.required));
  }

  @AdminOnly("reset a user's two-factor sign-in")
  @Delete(':id/totp')
  @HttpCode(HttpStatus.OK)
  @ApiOk(USER_VIEW)
  @ApiOperation({ summary: "Admins: reset a user's two-factor enrolment (a lost phone)" })
  async resetTotp(@IdParam() id: string): Promise<Ok<UserView>> {
    return ok(await this.twoFactor.resetTotp(id));
  }
}
