import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus';

const CHANNEL = 'tokens-changed';

/** Tells every instance that a token changed, so that relay caches forget it at once. */
@Injectable()
export class TokenEvents {
  constructor(private readonly bus: ClusterBus) {}

  changed(tokenId: number): Promise<void> {
    return this.bus.publish(CHANNEL, String(tokenId));
  }

  onChange(listener: (tokenId: number) => void): Promise<void> {
    return this.bus.subscribe(CHANNEL, (message) => listener(Number(message)));
  }

  /** `listener` runs when changes of any token (or its owner) may have been missed: the bus was down. */
  onMissed(listener: () => void): void {
    this.bus.onReconnect(listener);
  }
}
