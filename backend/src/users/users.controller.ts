import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Put,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FirmSettingsView, UserSessionView } from '@registra/domain';
import type { Request } from 'express';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DeleteOk, OwnTransactions, PostOk, Public, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok, Page } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { SearchUsersDto } from './dto/search-users.dto';
import { SigninDto } from './dto/signin.dto';
import { SignupDto } from './dto/signup.dto';
import {
  ChangePasswordDto,
  ConfirmTotpEnrolmentDto,
  DisableTotpDto,
  ForgotPasswordDto,
  InviteUserDto,
  ListUsersDto,
  ResetPasswordDto,
  StartTotpDto,
  TotpCodeDto,
  TotpEnrolmentTokenDto,
  TwoFactorRequirementDto,
  UpdateUserDto,
} from './dto/users.dto';
import type { TotpEnrolment } from './two-factor';
import type { AuthUser, UserView } from './user.view';
import { UsersService } from './users.service';
import type { RequestOrigin, SignedIn } from './users.service';
import { api, ApiDone, ApiFails, ApiOk, ApiPage } from '../platform/http/openapi';
import {
  ENROLLED_SESSION_ANSWER,
  RECOVERY_CODES,
  SESSION_ANSWER,
  SESSIONS_ENDED,
  TOTP_ENROLMENT,
  USER_SESSION_VIEW,
  USER_VIEW,
} from './users.openapi';
import { FIRM_SETTINGS_VIEW } from '../settings/settings.openapi';

type SessionAnswer = Ok<UserView> & { token: string };

const session = ({ token, user }: SignedIn): SessionAnswer => ({ ok: true, token, data: user });

/** Where a sign-in comes from, for the account's session list. */
const originOf = (request: Request): RequestOrigin => ({
  userAgent: request.get('user-agent')?.slice(0, 500) ?? null,
  address: request.ip ?? null,
});

@ApiTags('user')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('signup')
  @ApiOkResponse({ description: 'Signed up', schema: SESSION_ANSWER })
  @ApiFails(401, 403, 409, 429)
  // The account commits on its own: while the firm requires two-factor, the answer is a 401
  // TOTP_ENROLMENT_REQUIRED for an account that exists.
  @OwnTransactions()
  @ApiOperation({
    summary:
      "Create a staff account: with an invitation's token (`invite`), or with the sign-up secret code while sign-up with it is open; the first account is admin",
  })
  async signup(@Body() dto: SignupDto, @Req() request: Request): Promise<SessionAnswer> {
    return session(await this.users.signup(dto, originOf(request)));
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('signin')
  @ApiOkResponse({ description: 'Signed in', schema: SESSION_ANSWER })
  // 403 ACCOUNT_DISABLED: a deactivated account.
  @ApiFails(401, 403, 429)
  @OwnTransactions()
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  async signin(@Body() dto: SigninDto, @Req() request: Request): Promise<SessionAnswer> {
    return session(await this.users.signin(dto, originOf(request)));
  }

  @Get('signin_token')
  @ApiOkResponse({ description: 'A fresh token', schema: SESSION_ANSWER })
  @ApiOperation({ summary: 'The signed-in user and a fresh token for the same session' })
  async signinToken(@CurrentUser() user: AuthUser): Promise<SessionAnswer> {
    return session(await this.users.refresh(user));
  }

  @PostOk('logout')
  @ApiDone()
  @ApiOperation({ summary: "Revoke this token's session; the user's other sessions keep working" })
  async logout(@CurrentUser() user: AuthUser): Promise<{ ok: true }> {
    await this.users.logout(user);
    return { ok: true };
  }

  @SearchOk()
  @ApiOk(api.array(USER_VIEW))
  @ApiOperation({
    summary: 'Staff users whose names or e-mail contain `search` (deactivated ones left out)',
  })
  async search(@Body() dto: SearchUsersDto): Promise<Ok<UserView[]>> {
    return ok(await this.users.search(dto.search, dto.limit));
  }

  @Get()
  @ApiPage(USER_VIEW)
  @ApiFails(403)
  @ApiOperation({ summary: 'Admins: every account with its role and status, paged' })
  async list(@CurrentUser() user: AuthUser, @Query() dto: ListUsersDto): Promise<Page<UserView>> {
    return this.users.list(user, dto);
  }

  @PostOk('invite')
  @ApiOk(USER_VIEW)
  @ApiFails(403, 409)
  @ApiOperation({
    summary:
      'Admins: invite a colleague by e-mail; the account is INVITED and a one-time sign-up link (7 days) is mailed',
  })
  async invite(@CurrentUser() user: AuthUser, @Body() dto: InviteUserDto): Promise<Ok<UserView>> {
    return ok(await this.users.invite(user, dto));
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @Get('invite/:token')
  @ApiOk(USER_VIEW)
  @ApiFails(429)
  @ApiOperation({ summary: "The account an invitation's link invites (400 INVALID_TOKEN if dead)" })
  async invitation(@Param('token') token: string): Promise<Ok<UserView>> {
    return ok(await this.users.invitation(token.slice(0, 200)));
  }

  // Declared before PUT /user/{id}, so the literal path wins.
  @Put('password')
  @UseGuards(AuthThrottlerGuard)
  @ApiDone()
  @ApiFails(429)
  // A wrong current password keeps its history row although the request fails.
  @OwnTransactions()
  @ApiOperation({
    summary:
      "Change the signed-in user's password (current one required, counted like a sign-in: 429 ACCOUNT_LOCKED with Retry-After while the account's limits hold); the user's other sessions end",
  })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<{ ok: true }> {
    await this.users.changePassword(user, dto, originOf(request));
    return { ok: true };
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('password/forgot')
  @ApiDone()
  @ApiFails(429)
  @ApiOperation({
    summary:
      'Mail a one-time password-reset link (1 hour) to an active account of this address; the same answer for any address',
  })
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<{ ok: true }> {
    await this.users.forgotPassword(dto.email);
    return { ok: true };
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('password/reset')
  @ApiDone()
  @ApiFails(429)
  @ApiOperation({
    summary:
      "Set a new password with a reset link's token (once; then 400 INVALID_TOKEN); every session of the user ends",
  })
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<{ ok: true }> {
    await this.users.resetPassword(dto);
    return { ok: true };
  }

  @PostOk('totp')
  @UseGuards(AuthThrottlerGuard)
  @ApiOk(TOTP_ENROLMENT)
  @ApiFails(429)
  @OwnTransactions()
  @ApiOperation({
    summary:
      'Start a two-factor enrolment with the password (and, when two-factor sign-in is on already, a current code: another app replaces it once confirmed): {secret, otpauthUrl, qrCode}; sign-in asks for codes once confirmed. Wrong ones count like a failed sign-in (429 ACCOUNT_LOCKED)',
  })
  async startTotp(
    @CurrentUser() user: AuthUser,
    @Body() dto: StartTotpDto,
    @Req() request: Request,
  ): Promise<Ok<TotpEnrolment>> {
    return ok(await this.users.startTotp(user, dto.password, dto.code, originOf(request)));
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
    return ok({ recoveryCodes: await this.users.confirmTotp(user, dto.code) });
  }

  @Delete('totp')
  @UseGuards(AuthThrottlerGuard)
  @HttpCode(HttpStatus.OK)
  @ApiOk(USER_VIEW)
  @ApiFails(403, 404, 429)
  @OwnTransactions()
  @ApiOperation({
    summary:
      'Turn two-factor sign-in off with the password and a current code or a recovery code; wrong ones count like a failed sign-in (429 ACCOUNT_LOCKED)',
  })
  async disableTotp(
    @CurrentUser() user: AuthUser,
    @Body() dto: DisableTotpDto,
    @Req() request: Request,
  ): Promise<Ok<UserView>> {
    return ok(await this.users.disableTotp(user, dto.password, dto.code, originOf(request)));
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('totp/enrolment')
  @ApiOk(TOTP_ENROLMENT)
  @ApiFails(429)
  @ApiOperation({
    summary:
      "While the firm requires two-factor sign-in: start the enrolment a sign-in's TOTP_ENROLMENT_REQUIRED token allows: {secret, otpauthUrl, qrCode}",
  })
  async startRequiredTotp(@Body() dto: TotpEnrolmentTokenDto): Promise<Ok<TotpEnrolment>> {
    return ok(await this.users.startRequiredTotp(dto.enrolmentToken));
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('totp/enrolment/confirm')
  @ApiOkResponse({ description: 'Enrolled and signed in', schema: ENROLLED_SESSION_ANSWER })
  @ApiFails(429)
  @ApiOperation({
    summary:
      'Confirm that enrolment with a first code: the session the sign-in held back, and {recoveryCodes} (ten, shown once)',
  })
  async confirmRequiredTotp(
    @Body() dto: ConfirmTotpEnrolmentDto,
    @Req() request: Request,
  ): Promise<SessionAnswer & { recoveryCodes: string[] }> {
    const { recoveryCodes, ...signedIn } = await this.users.confirmRequiredTotp(
      dto.enrolmentToken,
      dto.code,
      originOf(request),
    );
    return { ...session(signedIn), recoveryCodes };
  }

  // Declared before PUT /user/{id}, so the literal path wins.
  @Put('two-factor')
  @ApiOk(FIRM_SETTINGS_VIEW)
  @ApiFails(403)
  @ApiOperation({
    summary:
      'Admins: require two-factor sign-in of everyone (sessions of accounts without it end), or stop requiring it',
  })
  async setTwoFactorRequired(
    @CurrentUser() user: AuthUser,
    @Body() dto: TwoFactorRequirementDto,
  ): Promise<Ok<FirmSettingsView>> {
    return ok(await this.users.setTwoFactorRequired(user, dto.required));
  }

  @Get('sessions')
  @ApiOk(api.array(USER_SESSION_VIEW))
  @ApiOperation({ summary: "The signed-in user's live sessions (device, address, last seen)" })
  async sessions(@CurrentUser() user: AuthUser): Promise<Ok<UserSessionView[]>> {
    return ok(await this.users.sessions(user));
  }

  @Delete('sessions')
  @HttpCode(HttpStatus.OK)
  @ApiOk(SESSIONS_ENDED)
  @ApiOperation({ summary: 'Sign out everywhere else: every session of the user but this one' })
  async endOtherSessions(@CurrentUser() user: AuthUser): Promise<Ok<{ ended: number }>> {
    return ok({ ended: await this.users.endOtherSessions(user) });
  }

  @Delete('sessions/:id')
  @HttpCode(HttpStatus.OK)
  @ApiDone()
  @ApiOperation({ summary: 'Sign out one session of the signed-in user' })
  async endSession(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
  ): Promise<{ ok: true }> {
    await this.users.endSession(user, id);
    return { ok: true };
  }

  @PostOk(':id/invite')
  @ApiOk(USER_VIEW)
  @ApiFails(403, 409)
  @ApiOperation({ summary: 'Admins: mail an INVITED account a new sign-up link' })
  async resendInvitation(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
  ): Promise<Ok<UserView>> {
    return ok(await this.users.resendInvitation(user, id));
  }

  @PostOk(':id/password-reset')
  @ApiDone()
  @ApiFails(403)
  @ApiOperation({ summary: 'Admins: mail a user a one-time password-reset link' })
  async adminPasswordReset(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
  ): Promise<{ ok: true }> {
    await this.users.adminPasswordReset(user, id);
    return { ok: true };
  }

  @Delete(':id/totp')
  @HttpCode(HttpStatus.OK)
  @ApiOk(USER_VIEW)
  @ApiFails(403)
  @ApiOperation({ summary: "Admins: reset a user's two-factor enrolment (a lost phone)" })
  async resetTotp(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
  ): Promise<Ok<UserView>> {
    return ok(await this.users.resetTotp(user, id));
  }

  @Put(':id')
  @ApiOk(USER_VIEW)
  @ApiFails(403, 409)
  @ApiOperation({
    summary:
      'Admins: change the role or deactivate / reactivate; the last active admin answers 409 LAST_ADMIN',
  })
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
    @Body() dto: UpdateUserDto,
  ): Promise<Ok<UserView>> {
    return ok(await this.users.update(user, id, dto));
  }

  @DeleteOk(':id', USER_VIEW)
  @ApiFails(403, 409)
  @ApiOperation({
    summary: 'Admins: deactivate a user (sessions end; the history stays); 409 LAST_ADMIN',
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
  ): Promise<Ok<UserView>> {
    return ok(await this.users.delete(user, id));
  }
}
