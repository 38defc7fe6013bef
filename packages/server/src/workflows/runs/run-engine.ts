import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { InstanceLiveness } from '../../relay/billing/instance-liveness.service';
import { PriceService } from '../../relay/billing/price.service';
import { AnswerAsker } from './answer-asker';
import { CallSlots } from './call-slots';
import { JudgeAsker } from './judge-asker';
import type { RunSourceRef } from './run-plan';
import { RunSources } from './run-sources';
import { type AnswerKey, type RunRow, RunStore } from './run-store';
import type { SampleInput } from './sample-prompt';
import { type CompiledScorers, compileScorers } from './scoring/cheap-scorers';

export const MSG_NO_SAMPLES = '数据源中没有可运行的样本';
export const MSG_RUN_INTERNAL_ERROR = '运行出错（服务器内部错误），请稍后重试';

/** Pending answers read at a time; the engine asks them `workflowRunConcurrency` at once. */
const PENDING_PAGE = 500;
/** How often a running run's counters are summed from its answers (progress, and the cancel flag read back). */
const COUNT_EVERY_MS = 500;
/** Items whose record and settlement may still be finishing, per concurrency slot, once their upstream has answered. */
const BEHIND_PER_SLOT = 1;
/** Samples gathered before they are written while a run is prepared. */
const PREPARE_BATCH = 2000;

/** Where a page of work resumes: after this answer (and scorer). */
type Cursor = AnswerKey & { scorer: number };
const START: Cursor = { idx: -1, col: -1, rep: -1, scorer: -1 };

/**
 * Executes a whole-data run (the `workflow-run` job): takes the run (one live worker at a time),
 * writes its samples once, scores any answer whose scoring was interrupted, then asks every pending
 * answer — sample by sample, column by column, repeat by repeat — scoring each as it arrives, then
 * every pending judge, both with bounded concurrency, until none is pending, the run is cancelled
 * or deleted, or a refusal about the user (no quota) stops it. Safe to run again at any point:
 * answers and judges already recorded are not pending, so a resumed run asks only what is left and
 * charges nothing twice (callRecorded).
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
    private readonly judges: JudgeAsker,
    private readonly liveness: InstanceLiveness,
    private readonly prices: PriceService,
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
        const scoring = compileScorers(run.scorers, this.prices.quotaPerUnit());
        const outcome = await this.work(run, scoring);
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
    await this.store.markPrepared(run.id, written, run.plan.columns.length, run.repeats);
  }

  /** The run's three queues in turn: unscored answers, pending answers, pending judges. */
  private async work(run: RunRow, scoring: CompiledScorers): Promise<{ stopped: boolean; fatal?: string }> {
    const unscored = await this.drain(
      run,
      (after) => this.store.unscored(run.id, after, PENDING_PAGE),
      async (answer) => {
        await this.asker.score(run.id, answer, { status: 'done', answer: answer.answer, quota: answer.quota, useTimeMs: answer.use_time_ms }, scoring);
        return undefined;
      },
    );
    if (unscored.stopped || unscored.fatal !== undefined) return unscored;
    const answers = await this.drain(
      run,
      (after) => this.store.pending(run.id, after, PENDING_PAGE),
      async (pending, answered) => {
        const asked = await this.asker.ask(run, run.plan.columns[pending.col], pending, { scoring, onAnswered: answered });
        return asked.kind === 'fatal' ? asked.message : undefined;
      },
    );
    if (answers.stopped || answers.fatal !== undefined || scoring.judges.length === 0) return answers;
    return this.drain(
      run,
      (after) => this.store.pendingJudgements(run.id, after, PENDING_PAGE),
      async (pending, answered) => {
        const judged = await this.judges.judge(run, scoring.scorers[pending.scorer], pending, { onAnswered: answered });
        return judged.kind === 'fatal' ? judged.message : undefined;
      },
    );
  }

  /**
   * Works through one queue a page at a time in key order, until it is empty, the run should stop
   * (cancelled or deleted, seen by the counter sync) or an item reports a fatal refusal, with
   * `workflowRunConcurrency` upstream calls at once (CallSlots: an answered item's record and
   * settlement finish outside its slot).
   */
  private async drain<T extends AnswerKey & { scorer?: number }>(
    run: RunRow,
    page: (after: Cursor) => Promise<T[]>,
    handle: (item: T, answered: () => void) => Promise<string | undefined>,
  ): Promise<{ stopped: boolean; fatal?: string }> {
    const concurrency = this.config.workflowRunConcurrency;
    const slots = new CallSlots(concurrency, concurrency * (1 + BEHIND_PER_SLOT));
    let stopped = false;
    let fatal: string | undefined;
    let after = START;
    // Progress and the cancel flag: the counters summed from the answers every COUNT_EVERY_MS.
    const sync = async () => {
      if ((await this.store.syncCounts(run.id)).stop) stopped = true;
    };
    const timer = setInterval(() => void sync().catch((error: unknown) => this.logger.warn(`Run ${run.id}: counting failed: ${String(error)}`)), COUNT_EVERY_MS);
    try {
      while (!stopped && fatal === undefined) {
        await sync();
        if (stopped) break;
        const items = await page(after);
        if (items.length === 0) break;
        for (const item of items) {
          if (stopped || fatal !== undefined) break;
          await slots.start(async (answered) => {
            const message = await handle(item, answered);
            if (message !== undefined) fatal ??= message;
          });
        }
        const last = items[items.length - 1];
        after = { idx: last.idx, col: last.col, rep: last.rep, scorer: last.scorer ?? -1 };
      }
      await slots.idle();
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
