import { Body, Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DeleteOk, OwnTransactions, PostOk, Public, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { SearchUsersDto } from './dto/search-users.dto';
import { SigninDto } from './dto/signin.dto';
import { SignupDto } from './dto/signup.dto';
import type { AuthUser, UserView } from './user.view';
import { UsersService } from './users.service';
import type { SignedIn } from './users.service';

type SessionAnswer = Ok<UserView> & { token: string };

const session = ({ token, user }: SignedIn): SessionAnswer => ({ ok: true, token, data: user });

@ApiTags('user')
@ApiBearerAuth()
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('signup')
  @ApiOperation({
    summary: 'Create a staff account with the sign-up secret code; the first account is admin',
  })
  async signup(@Body() dto: SignupDto): Promise<SessionAnswer> {
    return session(await this.users.signup(dto));
  }

  @Public()
  @UseGuards(AuthThrottlerGuard)
  @PostOk('signin')
  @OwnTransactions()
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  async signin(@Body() dto: SigninDto): Promise<SessionAnswer> {
    return session(await this.users.signin(dto));
  }

  @Get('signin_token')
  @ApiOperation({ summary: 'The signed-in user and a fresh token for the same session' })
  async signinToken(@CurrentUser() user: AuthUser): Promise<SessionAnswer> {
    return session(await this.users.refresh(user));
  }

  @PostOk('logout')
  @ApiOperation({ summary: "Revoke this token's session; the user's other sessions keep working" })
  async logout(@CurrentUser() user: AuthUser): Promise<{ ok: true }> {
    await this.users.logout(user);
    return { ok: true };
  }

  @SearchOk()
  @ApiOperation({ summary: 'Staff users whose names or e-mail contain `search`' })
  async search(@Body() dto: SearchUsersDto): Promise<Ok<UserView[]>> {
    return ok(await this.users.search(dto.search, dto.limit));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Soft-delete a user (admins only)' })
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: string,
  ): Promise<{ ok: true }> {
    await this.users.delete(user, id);
    return { ok: true };
  }
}
