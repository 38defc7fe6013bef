import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus';

const CHANNEL = 'channels-changed';

/**
 * Tells every instance that channels or abilities changed, so that relay caches reload
 * (DESIGN.md §7: invalidation through pub/sub, not a periodic reload).
 */
@Injectable()
export class ChannelEvents {
  constructor(private readonly bus: ClusterBus) {}

  changed(): Promise<void> {
    return this.bus.publish(CHANNEL, String(Date.now()));
  }

  /** `listener` runs at every change, and when changes may have been missed (the bus was down). */
  onChange(listener: () => void): Promise<void> {
    this.bus.onReconnect(listener);
    return this.bus.subscribe(CHANNEL, listener);
  }
}
