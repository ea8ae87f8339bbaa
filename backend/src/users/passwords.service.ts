import { Inject, Injectable } from '@nestjs/common';
import { PASSWORD_RESET_VALID_HOURS } from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { notFound } from '../platform/errors/app-exception';
import { AccountMail } from '../platform/ports/account-mail';
import { accountDisabled, deadLink, refused } from './account-refusals';
import { Credentials } from './credentials';
import type { ChangePasswordDto, ResetPasswordDto } from './dto/users.dto';
import { LinkTokens } from './link-tokens';
import { NO_ORIGIN } from './session-tokens';
import type { RequestOrigin } from './session-tokens';
import { fullNameOf } from './user.view';
import type { AuthUser } from './user.view';
import { UsersRepository } from './users.repository';
import type { UserRow } from './users.schema';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Passwords: the signed-in user's change, "Forgot password?" and the one-time reset link, which
 * an administrator may also send. A new password ends the account's other sessions.
 */
@Injectable()
export class PasswordsService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly credentials: Credentials,
    private readonly linkTokens: LinkTokens,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly accountMail: AccountMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The signed-in user's own password; every other session of theirs ends. A wrong current
   * password counts towards the account's limits like a failed sign-in (AccountAttempts).
   */
  async changePassword(
    user: AuthUser,
    dto: ChangePasswordDto,
    origin: RequestOrigin = NO_ORIGIN,
  ): Promise<void> {
    this.credentials.checkNewPassword('newPassword', dto.newPassword, user);
    await this.credentials.withPassword(
      user,
      dto.currentPassword,
      origin,
      'password change',
      async (row) => {
        const passwordHash = await this.credentials.hash(dto.newPassword);
        const now = new Date();
        await this.unitOfWork.transaction(async () => {
          await this.repository.setPassword(row.id, passwordHash, now);
          await this.repository.revokeSessionsExcept(row.id, user.sessionId, now);
          await this.audit.record({
            action: 'password change',
            recordType: 'user',
            recordId: row.id,
            recordLabel: fullNameOf(row),
          });
        });
      },
    );
  }

  /**
   * "Forgot password?": a one-time link valid 1 hour to an active account of that address. The
   * answer is the same whether or not the address has an account.
   */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.repository.findLiveByEmail(email);
    if (!user || user.status !== 'ACTIVE') return;
    await this.sendPasswordReset(user, null);
  }

  /** An administrator sends a user a password-reset link. */
  async adminPasswordReset(admin: AuthUser, id: string): Promise<void> {
    const user = await this.repository.findLiveById(id);
    if (!user) throw notFound('User');
    if (user.status === 'DISABLED') throw accountDisabled();
    if (user.status !== 'ACTIVE') {
      throw refused('This account has not accepted its invitation yet: send the invitation again');
    }
    await this.sendPasswordReset(user, admin);
  }

  private async sendPasswordReset(user: UserRow, admin: AuthUser | null): Promise<void> {
    const token = await this.linkTokens.issue(
      user.id,
      'password-reset',
      PASSWORD_RESET_VALID_HOURS * HOUR_MS,
    );
    await this.accountMail.send({
      kind: 'password-reset',
      to: user.email,
      params: {
        firstName: user.firstName,
        link: `${this.config.appUrl}/reset-password?token=${token}`,
        validHours: String(PASSWORD_RESET_VALID_HOURS),
      },
      requestedBy: admin ? { id: admin._id, name: fullNameOf(admin), email: admin.email } : null,
    });
  }

  /** A reset link used once, before it expires: the new password, and every session ends. */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    // The password is judged against the account the link is for, before the link is used.
    const linked = await this.linkTokens.peek(dto.token, 'password-reset');
    if (!linked || linked.status !== 'ACTIVE') throw deadLink();
    this.credentials.checkNewPassword('newPassword', dto.newPassword, linked);
    const passwordHash = await this.credentials.hash(dto.newPassword);
    const now = new Date();
    const user = await this.linkTokens.consume(dto.token, 'password-reset', now);
    if (!user || user.status !== 'ACTIVE') throw deadLink();
    await this.unitOfWork.setActor({ id: user.id, name: fullNameOf(user) });
    await this.repository.setPassword(user.id, passwordHash, now);
    await this.repository.revokeSessionsExcept(user.id, null, now);
    await this.audit.record({
      action: 'password reset',
      recordType: 'user',
      recordId: user.id,
      recordLabel: fullNameOf(user),
    });
  }
}
