import type { WorkflowStreamEvent } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { PriceService } from '../../relay/billing/price.service';
import { AnswerAsker } from './answer-asker';
import type { RunPlan } from './run-plan';
import { type RunRow, RunStore } from './run-store';
import { compileScorers } from './scoring/cheap-scorers';

/**
 * A streamed run (response_mode 'streaming', spec 3 §4, §7): the typed query asked of every column
 * at once, each answer's pieces sent as `data: {...}` lines as they come (WorkflowStreamEvent, the
 * column in metadata), each column's end with its figures, then `data: [DONE]`. The run is recorded
 * like any other, so it shows in the results. A browser that leaves stops the answers.
 */
@Injectable()
export class RunStream {
  constructor(
    private readonly asker: AnswerAsker,
    private readonly store: RunStore,
    private readonly prices: PriceService,
  ) {}

  async serve(run: RunRow, plan: RunPlan, query: string, response: Response): Promise<void> {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    const left = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) left.abort();
    });
    const send = (event: WorkflowStreamEvent) => {
      if (!response.writableEnded && !response.destroyed) response.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    const event = (col: number, fields: Partial<WorkflowStreamEvent> & Pick<WorkflowStreamEvent, 'metadata'>): WorkflowStreamEvent => ({
      conversation_id: String(run.id),
      message_id: `${run.id}-${col}`,
      content: '',
      error: '',
      ...fields,
    });

    const scoring = compileScorers(run.scorers, this.prices.quotaPerUnit());
    const outcomes = await Promise.all(
      plan.columns.map(async (column, col) => {
        // The node and the model itself (not the run's column key): together they name one answer card.
        const base = { node_id: column.node_id, model: column.model, ...(column.variant ? { variant: column.variant } : {}) };
        const asked = await this.asker.ask(run, column, { idx: 0, col, rep: 0, input: query, reference: '', choice: false }, {
          signal: left.signal,
          scoring,
          onDelta: (content) => send(event(col, { metadata: { ...base, event: 'message' }, content })),
        });
        if (asked.kind === 'fatal') {
          send(event(col, { metadata: { ...base, event: 'error' }, error: asked.message }));
          return 'failed';
        }
        if (asked.kind === 'skipped') return 'failed';
        const { record } = asked;
        if (record.status === 'failed') {
          send(event(col, { metadata: { ...base, event: 'error' }, error: record.error }));
          return 'failed';
        }
        send(
          event(col, {
            metadata: {
              ...base,
              event: 'message_end',
              quota: record.quota,
              prompt_tokens: record.promptTokens,
              completion_tokens: record.completionTokens,
              use_time_ms: record.useTimeMs,
              first_token_ms: record.firstTokenMs,
            },
          }),
        );
        return 'done';
      }),
    );
    const failedAll = outcomes.every((outcome) => outcome === 'failed');
    if (left.signal.aborted) await this.store.finish(run.id, 'cancelled');
    else await this.store.finish(run.id, failedAll ? 'failed' : 'succeeded', failedAll ? ((await this.store.firstError(run.id)) ?? '') : '');
    if (!response.writableEnded) response.end('data: [DONE]\n\n');
  }
}
