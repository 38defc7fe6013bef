import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { InstanceLiveness } from '../../relay/billing/instance-liveness.service';
import { AnswerAsker } from './answer-asker';
import type { RunSourceRef } from './run-plan';
import { RunSources } from './run-sources';
import { type PendingAnswer, type RunRow, RunStore } from './run-store';
import type { SampleInput } from './sample-prompt';

export const MSG_NO_SAMPLES = '数据源中没有可运行的样本';
export const MSG_RUN_INTERNAL_ERROR = '运行出错（服务器内部错误），请稍后重试';

/** Pending answers read at a time; the engine asks them `workflowRunConcurrency` at once. */
const PENDING_PAGE = 500;
/** How often a running run's counters are summed from its answers (progress, and the cancel flag read back). */
const COUNT_EVERY_MS = 500;
/** Samples gathered before they are written while a run is prepared. */
const PREPARE_BATCH = 2000;

/**
 * Executes a whole-data run (the `workflow-run` job): takes the run (one live worker at a time),
 * writes its samples once, then asks every pending answer — sample by sample, column by column —
 * with bounded concurrency, until none is pending, the run is cancelled or deleted, or a refusal
 * about the user (no quota) stops it. Safe to run again at any point: answers already recorded are
 * not pending, so a resumed run asks only what is left and charges nothing twice (AnswerAsker).
 */
@Injectable()
export class RunEngine {
  private readonly logger = new Logger(RunEngine.name);
  /** Runs this process is executing: a second job for one of them (a resume racing a redelivery) returns at once. */
  private readonly active = new Set<number>();

  constructor(
    private readonly store: RunStore,
    private readonly sources: RunSources,
    private readonly asker: AnswerAsker,
    private readonly liveness: InstanceLiveness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(runId: number): Promise<void> {
    if (this.active.has(runId)) return;
    this.active.add(runId);
    try {
      const run = await this.store.claim(runId, this.liveness.instanceId);
      if (!run) return; // finished, cancelled, deleted, or held by a live worker
      try {
        if (!run.prepared) await this.prepare(run);
        const outcome = await this.askAll(run);
        await this.finish(run.id, outcome);
      } catch (error) {
        this.logger.error(`Workflow run ${runId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        // The run's error is shown to its user: a reason written for them, never a database's or Node's words.
        await this.store.finish(run.id, 'failed', error instanceof BusinessError ? error.message : MSG_RUN_INTERNAL_ERROR);
      }
    } finally {
      this.active.delete(runId);
    }
  }

  /** Writes the run's samples, read from its source as a stream (a crash here starts the preparation over). */
  private async prepare(run: RunRow): Promise<void> {
    await this.store.clearSamples(run.id);
    const source: RunSourceRef = { kind: run.source_kind as RunSourceRef['kind'], id: run.source_id, field: run.source_field };
    const { samples: count } = await this.sources.describe(run.user_id, source, run.sample_limit);
    let batch: SampleInput[] = [];
    let written = 0;
    for await (const sample of this.sources.samples(run.user_id, source, count)) {
      batch.push(sample);
      if (batch.length >= PREPARE_BATCH) {
        await this.store.addSamples(run.id, written, batch);
        written += batch.length;
        batch = [];
      }
    }
    await this.store.addSamples(run.id, written, batch);
    written += batch.length;
    if (written === 0) throw new BusinessError(MSG_NO_SAMPLES);
    await this.store.markPrepared(run.id, written, run.plan.columns.length);
  }

  private async askAll(run: RunRow): Promise<{ stopped: boolean; fatal?: string }> {
    const concurrency = this.config.workflowRunConcurrency;
    const inFlight = new Set<Promise<void>>();
    let stopped = false;
    let fatal: string | undefined;
    let after = { idx: -1, col: -1 };
    // Progress and the cancel flag: the counters summed from the answers every COUNT_EVERY_MS.
    const sync = async () => {
      if ((await this.store.syncCounts(run.id)).stop) stopped = true;
    };
    const timer = setInterval(() => void sync().catch((error: unknown) => this.logger.warn(`Run ${run.id}: counting failed: ${String(error)}`)), COUNT_EVERY_MS);
    try {
      const askOne = async (pending: PendingAnswer) => {
        const asked = await this.asker.ask(run, run.plan.columns[pending.col], pending);
        if (asked.kind === 'fatal') fatal ??= asked.message;
      };
      while (!stopped && fatal === undefined) {
        await sync();
        if (stopped) break;
        const page = await this.store.pending(run.id, after, PENDING_PAGE);
        if (page.length === 0) break;
        for (const pending of page) {
          if (stopped || fatal !== undefined) break;
          const task = askOne(pending).finally(() => inFlight.delete(task));
          inFlight.add(task);
          if (inFlight.size >= concurrency) await Promise.race(inFlight);
        }
        after = { idx: page[page.length - 1].idx, col: page[page.length - 1].col };
      }
      await Promise.all(inFlight);
    } finally {
      clearInterval(timer);
    }
    return { stopped, fatal };
  }

  private async finish(runId: number, outcome: { stopped: boolean; fatal?: string }): Promise<void> {
    if (outcome.fatal !== undefined) return this.store.finish(runId, 'failed', outcome.fatal);
    if (outcome.stopped) return this.store.finish(runId, 'cancelled');
    await this.store.syncCounts(runId);
    const run = await this.store.get(runId);
    if (!run) return;
    // Every answer failed: the run failed (with the first reason); otherwise it succeeded with its failures counted.
    if (run.done === 0 && run.failed > 0) return this.store.finish(runId, 'failed', (await this.store.firstError(runId)) ?? '');
    return this.store.finish(runId, 'succeeded');
  }
}
