import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { AdminOnly, Public, Staff } from '../platform/auth/route-access';
import { DeleteOk, PostOk, SearchOk, UpdateById } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok, Page } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { api, ApiFails, ApiOk, ApiOperationIds, ApiPage } from '../platform/http/openapi';
import { AccountsService } from './accounts.service';
import { AuthThrottled } from './auth-throttler.guard';
import { SearchUsersDto } from './dto/search-users.dto';
import { InviteUserDto, ListUsersDto, UpdateUserDto } from './dto/users.dto';
import type { AuthUser, UserView } from './user.view';
import { USER_VIEW } from './users.openapi';

/**
 * Staff accounts: the colleagues' picker, and the administrators' Users page (invitations, roles,
 * deactivation). UsersModule registers it last: its /user/{id} routes must not shadow the literal
 * paths of the other controllers under /user (PUT /user/password, DELETE /user/totp…).
 */
@ApiTags('user')
@ApiOperationIds('Users')
@Staff()
@Controller('user')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @SearchOk()
  @ApiOk(api.array(USER_VIEW))
  @ApiOperation({
    summary: 'Staff users whose names or e-mail contain `search` (deactivated ones left out)',
  })
  async search(@Body() dto: SearchUsersDto): Promise<Ok<UserView[]>> {
    return ok(await this.accounts.search(dto.search, dto.limit));
  }

  @AdminOnly('list the accounts')
  @Get()
  @ApiPage(USER_VIEW)
  @ApiOperation({ summary: 'Admins: every account with its role and status, paged' })
  async list(@Query() dto: ListUsersDto): Promise<Page<UserView>> {
    return this.accounts.list(dto);
  }

  @AdminOnly('invite a user')
  @PostOk('invite')
  @ApiOk(USER_VIEW)
  @ApiFails(409)
  @ApiOperation({
    summary:
      'Admins: invite a colleague by e-mail; the account is INVITED and a one-time sign-up link (7 days) is mailed',
  })
  async invite(@CurrentUser() user: AuthUser, @Body() dto: InviteUserDto): Promise<Ok<UserView>> {
    return ok(await this.accounts.invite(user, dto));
  }

  @Public()
  @AuthThrottled()
  @Get('invite/:token')
  @ApiOk(USER_VIEW)
  @ApiOperation({ summary: "The account an invitation's link invites (400 INVALID_TOKEN if dead)" })
  async invitation(@Param('token') token: string): Promise<Ok<UserView>> {
    return ok(await this.accounts.invitation(token.slice(0, 200)));
  }

  @AdminOnly('invite a user')
  @PostOk(':id/invite')
  @ApiOk(USER_VIEW)
  @ApiFails(409)
  @ApiOperation({ summary: 'Admins: mail an INVITED account a new sign-up link' })
  async resendInvitation(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
  ): Promise<Ok<UserView>> {
    return ok(await this.accounts.resendInvitation(user, id));
  }

  @AdminOnly('change an account')
  @UpdateById(
    USER_VIEW,
    'Admins: change the role or deactivate / reactivate; the last active admin answers 409 LAST_ADMIN',
  )
  async update(@IdParam() id: string, @Body() dto: UpdateUserDto): Promise<Ok<UserView>> {
    return ok(await this.accounts.update(id, dto));
  }

  @AdminOnly('change an account')
  @DeleteOk(':id', USER_VIEW)
  @ApiFails(409)
  @ApiOperation({
    summary: 'Admins: deactivate a user (sessions end; the history stays); 409 LAST_ADMIN',
  })
  async remove(@IdParam() id: string): Promise<Ok<UserView>> {
    return ok(await this.accounts.delete(id));
  }
}
