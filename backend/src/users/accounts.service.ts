import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, INVITATION_VALID_HOURS } from '@registra/domain';
import type { UserRole, UserStatus } from '@registra/domain';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { AppException, notFound } from '../platform/errors/app-exception';
import { page } from '../platform/http/envelope';
import type { Page } from '../platform/http/envelope';
import { listSort } from '../platform/http/list-query.dto';
import { AccountDeactivation } from '../platform/ports/account-deactivation';
import { AccountMail } from '../platform/ports/account-mail';
import { accountDisabled, deadLink, emailTaken, refused } from './account-refusals';
import { USER_SEARCH_DEFAULT_LIMIT } from './dto/search-users.dto';
import { USER_LIST_DEFAULT_LIMIT } from './dto/users.dto';
import type { InviteUserDto, ListUsersDto, UpdateUserDto } from './dto/users.dto';
import { LinkTokens } from './link-tokens';
import { fullNameOf, toUserView } from './user.view';
import type { AuthUser, UserView } from './user.view';
import { UsersRepository } from './users.repository';
import type { UserRow } from './users.schema';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Staff accounts: who works here (the lists and pickers, and other contexts' look-ups), the
 * invitations administrators send, and the role and status they change. The routes of
 * administrators' use cases declare it (`@AdminOnly()`): the guard has refused everyone else.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly linkTokens: LinkTokens,
    private readonly accountMail: AccountMail,
    private readonly deactivation: AccountDeactivation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async search(search: string | undefined, limit: number | undefined): Promise<UserView[]> {
    const rows = await this.repository.search(
      search?.trim() || undefined,
      limit ?? USER_SEARCH_DEFAULT_LIMIT,
    );
    return rows.map(toUserView);
  }

  /** A live user, or undefined (assignments name users by id). */
  async findLive(id: string): Promise<UserView | undefined> {
    const row = await this.repository.findLiveById(id);
    return row ? toUserView(row) : undefined;
  }

  /** The live administrators (they hear of each new company-creation request). */
  async findLiveAdmins(): Promise<UserView[]> {
    return (await this.repository.findLiveAdmins()).map(toUserView);
  }

  /** Every account, deactivated ones included (administrators' Users page). */
  async list(dto: ListUsersDto): Promise<Page<UserView>> {
    const pageNumber = dto.page ?? 1;
    const limit = dto.limit ?? USER_LIST_DEFAULT_LIMIT;
    const { rows, total } = await this.repository.listSorted(
      { status: dto.status },
      listSort(dto, 'name', 'asc'),
      (pageNumber - 1) * limit,
      limit,
    );
    return page(rows.map(toUserView), total, pageNumber, limit);
  }

  /**
   * An administrator invites a colleague: the account exists at once (INVITED, no password) and
   * its one-time sign-up link, valid 7 days, goes out through the outbox.
   */
  async invite(admin: AuthUser, dto: InviteUserDto): Promise<UserView> {
    const existing = await this.repository.findLiveByEmail(dto.email);
    if (existing?.status === 'DISABLED') throw accountDisabled();
    if (existing) throw emailTaken();
    let user: UserRow;
    try {
      user = await this.repository.createWithRole({
        firstName: dto.firstName,
        lastName: dto.lastName,
        email: dto.email,
        passwordHash: null,
        role: dto.role,
        status: 'INVITED',
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    await this.sendInvitation(admin, user);
    return toUserView(user);
  }

  /** A new invitation link for an account still INVITED (the earlier link stops working). */
  async resendInvitation(admin: AuthUser, id: string): Promise<UserView> {
    const user = await this.repository.findLiveById(id);
    if (!user) throw notFound('User');
    if (user.status !== 'INVITED') {
      throw refused('This account is not waiting for an invitation');
    }
    await this.sendInvitation(admin, user);
    return toUserView(user);
  }

  /** Whom an invitation's link invites (the sign-up page fills in the e-mail and names). */
  async invitation(invite: string): Promise<UserView> {
    const user = await this.linkTokens.peek(invite, 'invite');
    if (!user || user.status !== 'INVITED') throw deadLink();
    return toUserView(user);
  }

  private async sendInvitation(admin: AuthUser, user: UserRow): Promise<void> {
    const token = await this.linkTokens.issue(user.id, 'invite', INVITATION_VALID_HOURS * HOUR_MS);
    await this.accountMail.send({
      kind: 'user-invitation',
      to: user.email,
      params: {
        firstName: user.firstName,
        invitedBy: fullNameOf(admin),
        link: `${this.config.appUrl}/signup?invite=${token}`,
        validDays: String(INVITATION_VALID_HOURS / 24),
      },
      requestedBy: { id: admin._id, name: fullNameOf(admin), email: admin.email },
    });
  }

  /**
   * An administrator changes a role or deactivates / reactivates an account. The last active
   * administrator can be neither demoted nor deactivated (409 LAST_ADMIN); a deactivated
   * account's sessions and links end at once.
   */
  async update(id: string, dto: UpdateUserDto): Promise<UserView> {
    const row = await this.repository.changeAccount(
      id,
      (user, otherActiveAdmins) => {
        const role: UserRole = dto.role ?? user.role;
        let status: UserStatus = user.status;
        if (dto.active === false) status = 'DISABLED';
        if (dto.active === true && user.status === 'DISABLED')
          status = user.passwordHash ? 'ACTIVE' : 'INVITED';
        const wasActiveAdmin = user.role === 'admin' && user.status === 'ACTIVE';
        const staysActiveAdmin = role === 'admin' && status === 'ACTIVE';
        if (wasActiveAdmin && !staysActiveAdmin && otherActiveAdmins === 0) {
          throw new AppException(
            HttpStatus.CONFLICT,
            ErrorCode.LAST_ADMIN,
            'This is the last active administrator: make another user administrator first',
          );
        }
        return { role, status };
      },
      new Date(),
    );
    if (!row) throw notFound('User');
    // What other contexts opened to the account without a session (its calendar feeds) ends
    // too, in the request's transaction.
    if (row.status === 'DISABLED') await this.deactivation.deactivated(row.id);
    return toUserView(row);
  }

  /** DELETE /user/{id}: deactivates the account (its history and records stay). */
  async delete(id: string): Promise<UserView> {
    return this.update(id, { active: false });
  }
}
