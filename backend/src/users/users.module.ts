import { Module, OnModuleInit } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { SessionAuthentication } from '../platform/auth/session-authentication';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { HousekeepingTasks } from '../platform/ports/housekeeping-tasks';
import { SettingsModule } from '../settings/settings.module';
import { AccountAttempts } from './account-attempts';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { Credentials } from './credentials';
import { LinkTokens } from './link-tokens';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';
import { SessionTokens } from './session-tokens';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';
import { UsersRepository } from './users.repository';

/**
 * Staff accounts, by purpose: accounts and invitations, sign-in and sessions, passwords,
 * two-factor sign-in; the pieces they share (credentials, one-time links, session tokens, the
 * account's limits) and one repository, the context's SQL.
 */
@Module({
  imports: [
    // Whether the firm requires two-factor sign-in is one of its settings.
    SettingsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { expiresIn: '12h', algorithm: 'HS256' },
      }),
    }),
  ],
  // In this order: the routes are matched in it, and AccountsController's /user/{id} routes come
  // after the literal paths of the others.
  controllers: [SignInController, PasswordsController, TwoFactorController, AccountsController],
  providers: [
    UsersRepository,
    AccountAttempts,
    Credentials,
    LinkTokens,
    SessionTokens,
    AccountsService,
    SignInService,
    PasswordsService,
    TwoFactorService,
  ],
  // Other contexts look accounts up (an assignee, the administrators); tokens are checked through
  // the platform's port.
  exports: [AccountsService],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly signIn: SignInService,
    private readonly repository: UsersRepository,
    private readonly sessions: SessionAuthentication,
    private readonly housekeeping: HousekeepingTasks,
  ) {}

  /** The platform checks tokens and prunes expired sessions through its ports. */
  onModuleInit(): void {
    this.sessions.register(this.signIn);
    this.housekeeping.register({
      name: 'expiredSessions',
      prune: (now) => this.repository.deleteExpiredSessions(now),
    });
  }
}
