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
