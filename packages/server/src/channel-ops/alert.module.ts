import { Global, Module } from '@nestjs/common';
import { AlertService } from './alert.service';

/**
 * Global because alerts are raised from several features, the relay's auto-disable among them,
 * which must not depend on the channel-operations module.
 */
@Global()
@Module({
  providers: [AlertService],
  exports: [AlertService],
})
export class AlertModule {}
