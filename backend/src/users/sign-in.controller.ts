import { Body, Controller, Delete, Get, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { UserSessionView } from '@registra/domain';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Public, Staff } from '../platform/auth/route-access';
import { OwnTransactions, PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { api, ApiDone, ApiFails, ApiOk, ApiOperationIds } from '../platform/http/openapi';
import { AuthThrottled } from './auth-throttler.guard';
import { SigninDto } from './dto/signin.dto';
import { SignupDto } from './dto/signup.dto';
import { Origin, sessionAnswer } from './session-answer';
import type { RequestOrigin } from './session-tokens';
import type { SessionAnswer } from './session-answer';
import { SignInService } from './sign-in.service';
import type { AuthUser } from './user.view';
import { SESSION_ANSWER, SESSIONS_ENDED, USER_SESSION_VIEW } from './users.openapi';

/** Sign-up, sign-in, the session's token, and the signed-in user's sessions. */
@ApiTags('user')
@ApiOperationIds('Users')
@Staff()
@Controller('user')
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Public()
  @AuthThrottled()
  @PostOk('signup')
  @ApiOkResponse({ description: 'Signed up', schema: SESSION_ANSWER })
  @ApiFails(401, 403, 409)
  // The account commits on its own: while the firm requires two-factor, the answer is a 401
  // TOTP_ENROLMENT_REQUIRED for an account that exists.
  @OwnTransactions()
  @ApiOperation({
    summary:
      "Create a staff account: with an invitation's token (`invite`), or with the sign-up secret code while sign-up with it is open; the first account is admin",
  })
  async signup(@Body() dto: SignupDto, @Origin() origin: RequestOrigin): Promise<SessionAnswer> {
    return sessionAnswer(await this.signIn.signup(dto, origin));
  }

  @Public()
  @AuthThrottled()
  @PostOk('signin')
  @ApiOkResponse({ description: 'Signed in', schema: SESSION_ANSWER })
  // 403 ACCOUNT_DISABLED: a deactivated account.
  @ApiFails(401, 403)
  @OwnTransactions()
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  async signin(@Body() dto: SigninDto, @Origin() origin: RequestOrigin): Promise<SessionAnswer> {
    return sessionAnswer(await this.signIn.signin(dto, origin));
  }

  @Get('signin_token')
  @ApiOkResponse({ description: 'A fresh token', schema: SESSION_ANSWER })
  @ApiOperation({ summary: 'The signed-in user and a fresh token for the same session' })
  async signinToken(@CurrentUser() user: AuthUser): Promise<SessionAnswer> {
    return sessionAnswer(await this.signIn.refresh(user));
  }

  @PostOk('logout')
  @ApiDone()
  @ApiOperation({ summary: "Revoke this token's session; the user's other sessions keep working" })
  async logout(@CurrentUser() user: AuthUser): Promise<{ ok: true }> {
    await this.signIn.logout(user);
    return { ok: true };
  }

  @Get('sessions')
  @ApiOk(api.array(USER_SESSION_VIEW))
  @ApiOperation({ summary: "The signed-in user's live sessions (device, address, last seen)" })
  async sessions(@CurrentUser() user: AuthUser): Promise<Ok<UserSessionView[]>> {
    return ok(await this.signIn.sessions(user));
  }

  @Delete('sessions')
  @HttpCode(HttpStatus.OK)
  @ApiOk(SESSIONS_ENDED)
  @ApiOperation({ summary: 'Sign out everywhere else: every session of the user but this one' })
  async endOtherSessions(@CurrentUser() user: AuthUser): Promise<Ok<{ ended: number }>> {
    return ok({ ended: await this.signIn.endOtherSessions(user) });
  }

  @Delete('sessions/:id')
  @HttpCode(HttpStatus.OK)
  @ApiDone()
  @ApiOperation({ summary: 'Sign out one session of the signed-in user' })
  async endSession(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<{ ok: true }> {
    await this.signIn.endSession(user, id);
    return { ok: true };
  }
}
