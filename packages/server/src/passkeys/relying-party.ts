import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OptionsService } from '../options/options.service';

export interface RelyingParty {
  /** The domain passkeys are bound to. */
  id: string;
  name: string;
  /** The one origin whose pages may use them. */
  origin: string;
}

/**
 * This site as WebAuthn's relying party (docs/security.md "Passkeys"): the ServerAddress option
 * when set (its host name and origin), else the request's own host and scheme, the same fallback
 * as the OAuth redirect address.
 */
@Injectable()
export class RelyingParties {
  constructor(private readonly options: OptionsService) {}

  of(request: Request): RelyingParty {
    const name = this.options.get('SystemName') || 'AI 模型网关';
    const address = this.options.get('ServerAddress').replace(/\/+$/, '');
    if (address) {
      const url = new URL(address);
      return { id: url.hostname, name, origin: url.origin };
    }
    return { id: request.hostname, name, origin: `${request.protocol}://${request.host}` };
  }
}
