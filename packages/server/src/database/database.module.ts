import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { runMigrationsLocked } from './run-migrations';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config), autoLoadEntities: true }),
      // Migrations run before anything else touches the database.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        const applied = await runMigrationsLocked(dataSource, !('driver' in options!));
        if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
