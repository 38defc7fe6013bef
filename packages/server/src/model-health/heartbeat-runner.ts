import { Injectable } from '@nestjs/common';
import { ChannelProbe, ProbeResult } from '../channel-ops/channel-probe';
import { ModelStatusService } from '../channels/model-status.service';
import { forEachLimited } from '../common/for-each-limited';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { HEARTBEAT_LEVEL, heartbeatLevel, HeartbeatLevel, levelThresholds } from './heartbeat-level';
import { HeartbeatTargets } from './heartbeat-targets';
import { HeartbeatsService } from './heartbeats.service';

/** Probes in flight at once: enough to finish a few hundred models within a minute, few enough not to flood an upstream. */
const PROBE_CONCURRENCY = 8;
/**
 * Heartbeats are kept a week: the health page shows the latest 40 per model and its date picker
 * reaches back a few days; at one run a minute a week is ~10,000 rows per model and channel.
 */
const HEARTBEAT_RETENTION_SECONDS = 7 * 24 * 3600;
/** Upstream error pages can be long; the page shows a line of it. */
const ERR_REASON_MAX = 500;

function errReason(result: ProbeResult, level: HeartbeatLevel): string {
  if (!result.ok) return result.message.slice(0, ERR_REASON_MAX);
  if (level === HEARTBEAT_LEVEL.DOWN) return `响应时间过长：${(result.elapsedMs / 1000).toFixed(1)} 秒`;
  return '';
}

/**
 * One heartbeat run: probe every target not yet probed in the slot, store each result, prune old
 * rows. A probe the upstream answers with "no such model" disables that model on that channel
 * alone, by the relay's own rule and call (ModelStatusService.failed: only with the channel's
 * auto_ban and AutomaticDisableChannelEnabled on), so a model that disappeared upstream stops
 * taking traffic before a client finds out; the sweep's re-test brings it back.
 */
@Injectable()
export class HeartbeatRunner {
  constructor(
    private readonly targets: HeartbeatTargets,
    private readonly probe: ChannelProbe,
    private readonly heartbeats: HeartbeatsService,
    private readonly options: OptionsService,
    private readonly modelStatus: ModelStatusService,
  ) {}

  async run(slot: number): Promise<void> {
    const thresholds = levelThresholds(this.options);
    // A run delivered again (retry, crash, a second worker) probes only what is missing.
    const probed = await this.heartbeats.probedIn(slot);
    const targets = (await this.targets.list()).filter((target) => !probed(target.channel.id, target.model));
    await forEachLimited(targets, PROBE_CONCURRENCY, async ({ channel, model }) => {
      const createdAt = nowSeconds();
      const result = await this.probe.probe(channel, model);
      const level = heartbeatLevel(result, thresholds);
      await this.heartbeats.store({
        channel_id: channel.id,
        provider: channel.name,
        model,
        slot,
        created_at: createdAt,
        resp_time: result.elapsedMs,
        level,
        err_reason: errReason(result, level),
      });
      if (!result.ok) await this.modelStatus.failed(channel, model, result.status, `${result.message} ${result.codes}`.trim());
    });
    await this.heartbeats.deleteBefore(nowSeconds() - HEARTBEAT_RETENTION_SECONDS);
  }
}
