import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { fetch, type Agent, type RequestInit, type Response } from 'undici';
import { APP_CONFIG, type AppConfig, type OutboundPurpose } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import { OutboundAddressRefusedError } from './address-policy';
import { createGuardedAgent } from './guarded-agent';

/**
 * Which outbound calls may reach loopback and private addresses (docs/security.md): channel base
 * URLs, and the addresses their upstreams give, when a super administrator turns the
 * ChannelPrivateAddressEnabled option on (off by default; on for a local model server such as
 * Ollama); every other purpose only when OUTBOUND_ALLOW_PRIVATE names it.
 */
@Injectable()
export class OutboundPolicy implements OnModuleDestroy {
  /** One agent per answer to "may reach private addresses": switching the option never reuses a connection opened under the other answer. */
  private readonly agents = new Map<boolean, Agent>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionsService,
  ) {}

  allowsPrivate(purpose: OutboundPurpose): boolean {
    if (purpose === 'channel') return this.options.getBoolean('ChannelPrivateAddressEnabled');
    return this.config.outboundAllowPrivate.includes(purpose);
  }

  /**
   * fetch through the policy. Redirects are followed (at most undici's 20), each hop connecting
   * through the same check. A refusal comes back as OutboundAddressRefusedError.
   */
  async fetch(purpose: OutboundPurpose, url: string, init: Omit<RequestInit, 'dispatcher'> = {}): Promise<Response> {
    const allowPrivate = this.allowsPrivate(purpose);
    let agent = this.agents.get(allowPrivate);
    if (!agent) this.agents.set(allowPrivate, (agent = createGuardedAgent(allowPrivate)));
    try {
      return await fetch(url, { ...init, dispatcher: agent });
    } catch (error) {
      // fetch reports every network failure as "fetch failed"; the policy's reason is its cause.
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof OutboundAddressRefusedError ? cause : error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()));
  }
}
