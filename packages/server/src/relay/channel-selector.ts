import type { RelayChannel } from './relay-context';

/** A channel able to serve one group × model, with the ability's priority and weight. */
export interface Candidate {
  channel: RelayChannel;
  priority: number;
  weight: number;
}

/**
 * Channel choice (DESIGN.md §5.3): the highest priority tier that still has a channel not yet
 * tried, then a weighted random pick inside it. Weight 0 counts as 1 so that such channels still
 * take a share. Candidates come sorted by priority, highest first.
 */
export function chooseChannel(candidates: readonly Candidate[], tried: ReadonlySet<number>, random: () => number = Math.random): Candidate | undefined {
  let tier: Candidate[] = [];
  for (const candidate of candidates) {
    if (tried.has(candidate.channel.id)) continue;
    if (tier.length > 0 && candidate.priority !== tier[0].priority) break;
    tier.push(candidate);
  }
  if (tier.length === 0) return undefined;
  const weightOf = (candidate: Candidate) => Math.max(1, candidate.weight);
  let point = random() * tier.reduce((sum, candidate) => sum + weightOf(candidate), 0);
  for (const candidate of tier) {
    point -= weightOf(candidate);
    if (point < 0) return candidate;
  }
  return tier[tier.length - 1];
}

/**
 * chooseChannel over the channels that are not cooling down (`coolingUntil`: channel id → end of
 * its cooldown, for the cooling ones only). When every untried candidate is cooling, the one whose
 * cooldown ends first is tried rather than refusing the request: a model served by one channel
 * is not refused for minutes after a short outage, and that try is the probe that ends the cooldown.
 */
export function chooseReadyChannel(
  candidates: readonly Candidate[],
  tried: ReadonlySet<number>,
  coolingUntil: ReadonlyMap<number, number>,
  random: () => number = Math.random,
): Candidate | undefined {
  if (coolingUntil.size === 0) return chooseChannel(candidates, tried, random);
  const ready = chooseChannel(candidates.filter((candidate) => !coolingUntil.has(candidate.channel.id)), tried, random);
  if (ready) return ready;
  let soonest: Candidate | undefined;
  for (const candidate of candidates) {
    if (tried.has(candidate.channel.id)) continue;
    if (!soonest || coolingUntil.get(candidate.channel.id)! < coolingUntil.get(soonest.channel.id)!) soonest = candidate;
  }
  return soonest;
}
