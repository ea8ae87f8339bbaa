import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { DATABASE, openDatabase } from './database';
import type { Database, DatabaseHandle } from './database';
import { scopedDatabase, UnitOfWork } from './unit-of-work';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/**
 * Opens the database chosen by DATABASE_URL and, before serving, applies the committed migrations
 * and then the database rules (database-rules.ts).
 */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabaseHandle> => {
        const handle = await openDatabase(config.databaseUrl, config.dataDir);
        await handle.migrate();
        return handle;
      },
    },
    {
      provide: UnitOfWork,
      inject: [DATABASE_HANDLE],
      useFactory: (handle: DatabaseHandle) => new UnitOfWork(handle.db),
    },
    {
      // Repositories get the scope's transaction when one is open (ADR 0008).
      provide: DATABASE,
      inject: [UnitOfWork],
      useFactory: (unitOfWork: UnitOfWork): Database => scopedDatabase(unitOfWork),
    },
  ],
  exports: [DATABASE, DATABASE_HANDLE, UnitOfWork],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
