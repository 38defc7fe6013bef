import type { RelayChannel } from './relay-context';
import type { PickReason } from './route-trail';

/** A channel able to serve one group × model, with the ability's priority and weight. */
export interface Candidate {
  channel: RelayChannel;
  priority: number;
  weight: number;
}

/** One channel choice and why, for the route trail (route-trail.ts). */
export interface ChannelDraw {
  candidate: Candidate;
  via: PickReason;
  /** The tier chosen from: its priority and how many of its channels could be chosen. */
  tier: { priority: number; count: number };
  /** A weighted draw: the channel's weight and the tier's total (weight 0 counts as 1). */
  weight?: { own: number; total: number };
  /** Untried channels at or above the tier that were passed over because they are cooling. */
  cooling: readonly number[];
}

const NOT_COOLING: ReadonlyMap<number, number> = new Map();
/** The usual draw skips nothing: one shared empty list rather than a new one per request. */
const NONE_SKIPPED: readonly number[] = Object.freeze([]);
const weightOf = (candidate: Candidate) => Math.max(1, candidate.weight);

/**
 * Channel choice (DESIGN.md §5.3, §5.9): the highest priority tier that still has a channel not yet
 * tried and not cooling down (`coolingUntil`: channel id → end of its cooldown, for the cooling
 * ones only); in it the bound channel (`boundId`, sticky routing) when it is there, else a
 * weighted random pick. Weight 0 counts as 1 so that such channels still take a share. When every
 * untried candidate is cooling, the one whose cooldown ends first is tried rather than refusing the
 * request: a model served by one channel is not refused for minutes after a short outage, and that
 * try is the probe that ends the cooldown. Candidates come sorted by priority, highest first.
 */
export function drawChannel(
  candidates: readonly Candidate[],
  tried: ReadonlySet<number>,
  coolingUntil: ReadonlyMap<number, number> = NOT_COOLING,
  boundId?: number,
  random: () => number = Math.random,
): ChannelDraw | undefined {
  const tier: Candidate[] = [];
  for (const candidate of candidates) {
    if (tried.has(candidate.channel.id) || coolingUntil.has(candidate.channel.id)) continue;
    if (tier.length > 0 && candidate.priority !== tier[0].priority) break;
    tier.push(candidate);
  }
  if (tier.length === 0) return probe(candidates, tried, coolingUntil);
  const cooling = coolingUntil.size === 0 ? NONE_SKIPPED : skippedCooling(candidates, tried, coolingUntil, tier[0].priority);
  const at = { priority: tier[0].priority, count: tier.length };
  const bound = boundId === undefined ? undefined : tier.find((candidate) => candidate.channel.id === boundId);
  if (bound) return { candidate: bound, via: 'affinity', tier: at, cooling };
  const total = tier.reduce((sum, candidate) => sum + weightOf(candidate), 0);
  let point = random() * total;
  let chosen = tier[tier.length - 1];
  for (const candidate of tier) {
    point -= weightOf(candidate);
    if (point < 0) {
      chosen = candidate;
      break;
    }
  }
  return { candidate: chosen, via: 'weight', tier: at, weight: { own: weightOf(chosen), total }, cooling };
}

function skippedCooling(candidates: readonly Candidate[], tried: ReadonlySet<number>, coolingUntil: ReadonlyMap<number, number>, priority: number): number[] {
  const skipped: number[] = [];
  for (const candidate of candidates) {
    if (candidate.priority < priority) break;
    if (!tried.has(candidate.channel.id) && coolingUntil.has(candidate.channel.id)) skipped.push(candidate.channel.id);
  }
  return skipped;
}

function probe(candidates: readonly Candidate[], tried: ReadonlySet<number>, coolingUntil: ReadonlyMap<number, number>): ChannelDraw | undefined {
  let soonest: Candidate | undefined;
  const untried: number[] = [];
  for (const candidate of candidates) {
    if (tried.has(candidate.channel.id)) continue;
    untried.push(candidate.channel.id);
    if (!soonest || coolingUntil.get(candidate.channel.id)! < coolingUntil.get(soonest.channel.id)!) soonest = candidate;
  }
  if (!soonest) return undefined;
  const chosen = soonest.channel.id;
  return { candidate: soonest, via: 'probe', tier: { priority: soonest.priority, count: untried.length }, cooling: untried.filter((id) => id !== chosen) };
}

/** drawChannel without cooldowns or a binding: the channel for a call that has no failover (tasks, count_tokens). */
export function chooseChannel(candidates: readonly Candidate[], tried: ReadonlySet<number>, random: () => number = Math.random): Candidate | undefined {
  return drawChannel(candidates, tried, NOT_COOLING, undefined, random)?.candidate;
}
