/**
 * The time slot (unix seconds) a heartbeat run belongs to: the multiple of the interval nearest to
 * `now`. Scheduled runs fire on those multiples, so a run that starts a little late or early (clock
 * skew between machines, a busy worker) still lands in its own slot, not the previous one.
 */
export function heartbeatSlot(now: number, intervalSeconds: number): number {
  return Math.round(now / intervalSeconds) * intervalSeconds;
}
