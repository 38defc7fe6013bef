import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus';

const CHANNEL = 'users-changed';

/**
 * Tells every instance that an administrator changed a user (status, deletion, group), so that
 * caches holding the user's state (the relay's token cache) forget it at once.
 */
@Injectable()
export class UserEvents {
  constructor(private readonly bus: ClusterBus) {}

  changed(userId: number): Promise<void> {
    return this.bus.publish(CHANNEL, String(userId));
  }

  onChange(listener: (userId: number) => void): Promise<void> {
    return this.bus.subscribe(CHANNEL, (message) => listener(Number(message)));
  }
}
