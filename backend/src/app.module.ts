import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { RateCounter } from './platform/redis/rate-counter';
import { RedisThrottlerStorage } from './platform/redis/redis-throttler-storage';
import { JwtAuthGuard } from './platform/auth/jwt-auth.guard';
import { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { AuditModule } from './platform/audit/audit.module';
import { PortsModule } from './platform/ports/ports.module';
import { DatabaseModule } from './platform/database/database.module';
import { RequestScopeInterceptor } from './platform/database/request-scope.interceptor';
import { AllExceptionsFilter } from './platform/errors/all-exceptions.filter';
import { HealthModule } from './platform/health/health.module';
import { LoggingModule } from './platform/logging/logging.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { RedisModule } from './platform/redis/redis.module';
import { AUTH_THROTTLE } from './users/auth-throttler.guard';
import { UsersModule } from './users/users.module';
import { PeopleModule } from './people/people.module';
import { OrganizationsModule } from './organizations/organizations.module';
import { LinksModule } from './links/links.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { FilesModule } from './files/files.module';
import { StorageModule } from './platform/storage/storage.module';
import { QueueModule } from './platform/queue/queue.module';
import { MailModule } from './mail/mail.module';
import { FollowUpsModule } from './follow-ups/follow-ups.module';
import { TasksModule } from './tasks/tasks.module';
import { FormsModule } from './forms/forms.module';
import { AmlModule } from './aml/aml.module';
import { ProductsModule } from './products/products.module';
import { OrdersModule } from './orders/orders.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { HousekeepingModule } from './platform/housekeeping/housekeeping.module';
import { SearchModule } from './search/search.module';
import { ImportModule } from './import/import.module';
import { CalendarModule } from './calendar/calendar.module';
import { SettingsModule } from './settings/settings.module';
import { OverviewModule } from './overview/overview.module';
import { RegistersModule } from './registers/registers.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        DatabaseModule,
        AuditModule,
        PortsModule,
        RedisModule,
        // Applied per route (sign-in, sign-up, password links) by AuthThrottlerGuard, not
        // globally; counted in Redis so that every instance shares the counts.
        ThrottlerModule.forRootAsync({
          inject: [RateCounter],
          useFactory: (counter: RateCounter) => ({
            throttlers: [{ ...AUTH_THROTTLE, limit: config.authAttemptsPerMinute }],
            storage: new RedisThrottlerStorage(counter),
          }),
        }),
        MetricsModule,
        HealthModule,
        UsersModule,
        PeopleModule,
        OrganizationsModule,
        LinksModule,
        DashboardModule,
        StorageModule,
        FilesModule,
        QueueModule.forRoot(config),
        MailModule,
        FollowUpsModule,
        TasksModule,
        FormsModule,
        AmlModule,
        ProductsModule,
        OrdersModule,
        SubscriptionsModule,
        HousekeepingModule,
        SearchModule,
        ImportModule,
        CalendarModule,
        SettingsModule,
        OverviewModule,
        RegistersModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_INTERCEPTOR, useClass: RequestScopeInterceptor },
      ],
    };
  }
}
