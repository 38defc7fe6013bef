import { Global, Module } from '@nestjs/common';
import { OutboundPolicy } from './outbound-policy.service';

/** Global: channels, channel operations, the relay and alerts all send requests to configured addresses. */
@Global()
@Module({
  providers: [OutboundPolicy],
  exports: [OutboundPolicy],
})
export class OutboundModule {}
