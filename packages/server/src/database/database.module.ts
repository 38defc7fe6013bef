import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DatabaseHealth } from './database-health';
import { PoolDb } from './pool-db';
import { runMigrationsLocked } from './run-migrations';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      // A database that is still starting gets a few tries (compose starts everything at once).
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config), autoLoadEntities: true, retryAttempts: 5, retryDelay: 3000 }),
      // Migrations run before anything else touches the database.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          const applied = await runMigrationsLocked(dataSource, !('driver' in options!));
          if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
        } catch (error) {
          // A retry opens a new pool; this one must not stay open behind it.
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
  ],
  providers: [PoolDb, DatabaseHealth],
  exports: [PoolDb, DatabaseHealth],
})
export class DatabaseModule {}
