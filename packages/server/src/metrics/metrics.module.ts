import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { MetricsTokenGuard } from './metrics-token.guard';

/** Global: the relay and the HTTP layer record into the one registry of the application. */
@Global()
@Module({ controllers: [MetricsController], providers: [MetricsService, MetricsTokenGuard], exports: [MetricsService] })
export class MetricsModule {}
