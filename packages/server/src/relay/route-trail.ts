/** How a channel was chosen: the session's binding, a weighted draw in its tier, or (every untried candidate cooling) the one whose cooldown ends first. */
export type PickReason = 'affinity' | 'weight' | 'probe';

/**
 * One step of the route a request took (the log's `other.route`), in order. A pick names the tier
 * it was made in (`tier`: priority, `n`: its channels that could be chosen) and, for a weighted
 * draw, the channel's weight and the tier's total; `key` is a multi-key channel's key, masked.
 */
export type RouteStep =
  | { via: PickReason; ch: number; tier: number; n: number; w?: number; of?: number; key?: string }
  /** Another key of the same multi-key channel, after the previous one failed. */
  | { via: 'key'; ch: number; key: string }
  /** The previous attempt failed with `status` (0: no answer) on channel `ch`; the next step is the retry. */
  | { via: 'retry'; ch: number; status: number; key?: string }
  /** Cooling channels passed over. */
  | { via: 'cooldown-skip'; chs: number[] }
  /** A channel at one of its request limits (rpm, rpd, tpm, tpd), passed over. */
  | { via: 'limit-skip'; ch: number; limit: string };

/** Whether the request went where its session was bound: `hit`, elsewhere (`moved`), or it had no binding (`miss`). */
export type AffinityOutcome = 'hit' | 'miss' | 'moved';

/** A masked key in a header: `…` is not a byte Node lets into a header, nor is anything outside printable ASCII. */
const headerSafe = (text: string) => text.replace(/…/g, '...').replace(/[^\x20-\x7e]/g, '?');

/**
 * The route of one request, built as channel choice goes (relay.service.ts tryChannels): a request
 * served by its first pick costs this object and one step. A failure is written down as a `retry`
 * step only when another attempt follows it.
 */
export class RouteTrail {
  readonly steps: RouteStep[] = [];
  /** Set when the request named a session (DESIGN.md §5.9). */
  affinity?: AffinityOutcome;
  private failure?: { ch: number; status: number; key?: string };
  private skipped?: Set<number>;

  /** Cooling channels a pick passed over; each is named once however many picks pass it over. */
  cooling(channelIds: readonly number[]): void {
    if (channelIds.length === 0) return;
    this.skipped ??= new Set();
    const fresh = channelIds.filter((id) => !this.skipped!.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.skipped.add(id);
    this.flushFailure();
    this.steps.push({ via: 'cooldown-skip', chs: fresh });
  }

  limited(channelId: number, limit: string): void {
    this.flushFailure();
    this.steps.push({ via: 'limit-skip', ch: channelId, limit });
  }

  pick(via: PickReason, channelId: number, tier: { priority: number; count: number }, weight?: { own: number; total: number }): void {
    this.flushFailure();
    this.steps.push(weight ? { via, ch: channelId, tier: tier.priority, n: tier.count, w: weight.own, of: weight.total } : { via, ch: channelId, tier: tier.priority, n: tier.count });
  }

  /** The key a multi-key channel's attempt uses: on the channel's pick for its first key, as a `key` step for the next ones. */
  key(channelId: number, masked: string): void {
    const last = this.steps.at(-1);
    if (!this.failure && last && (last.via === 'affinity' || last.via === 'weight' || last.via === 'probe') && last.ch === channelId && last.key === undefined) {
      last.key = masked;
      return;
    }
    this.flushFailure();
    this.steps.push({ via: 'key', ch: channelId, key: masked });
  }

  failed(channelId: number, status: number, key?: string): void {
    this.failure = key === undefined ? { ch: channelId, status } : { ch: channelId, status, key };
  }

  private flushFailure(): void {
    if (!this.failure) return;
    this.steps.push({ via: 'retry', ...this.failure });
    this.failure = undefined;
  }

  /**
   * The one-line form of X-Gateway-Route: `affinity;ch=3;key=sk-a...wxyz`,
   * `retry:429@ch=3;weight;ch=5`, `cooldown-skip:3,4;weight;ch=5`, `limit-skip:rpm@ch=3;…`.
   */
  header(): string {
    const parts: string[] = [];
    for (const step of this.steps) {
      switch (step.via) {
        case 'retry':
          parts.push(`retry:${step.status}@ch=${step.ch}`);
          break;
        case 'cooldown-skip':
          parts.push(`cooldown-skip:${step.chs.join(',')}`);
          break;
        case 'limit-skip':
          parts.push(`limit-skip:${step.limit}@ch=${step.ch}`);
          break;
        default:
          parts.push(step.via, `ch=${step.ch}`);
          if (step.key !== undefined) parts.push(`key=${headerSafe(step.key)}`);
      }
    }
    return parts.join(';');
  }
}
