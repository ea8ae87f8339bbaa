import { Module, OnModuleInit } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { SessionAuthentication } from '../platform/auth/session-authentication';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { HousekeepingTasks } from '../platform/ports/housekeeping-tasks';
import { SettingsModule } from '../settings/settings.module';
import { AccountAttempts } from './account-attempts';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

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
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, AccountAttempts],
  exports: [UsersService],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
    private readonly sessions: SessionAuthentication,
    private readonly housekeeping: HousekeepingTasks,
  ) {}

  /** The platform checks tokens and prunes expired sessions through its ports. */
  onModuleInit(): void {
    this.sessions.register(this.users);
    this.housekeeping.register({
      name: 'expiredSessions',
      prune: (now) => this.repository.deleteExpiredSessions(now),
    });
  }
}
