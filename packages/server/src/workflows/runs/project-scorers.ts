import { MSG_PROJECT_NOT_FOUND, WORKFLOW_DEFAULT_SCORERS, type WorkflowScorer } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { ModelCatalogService } from '../../channels/model-catalog.service';
import { BusinessError } from '../../common/business.error';
import { PoolDb } from '../../database/pool-db';
import { readScorers } from './scoring/scorer-rules';

/**
 * The scorers saved with a project (issue 30): what its run dialog starts with, what a run uses
 * when its call names none, and what a run that names its own saves for next time. Every list is
 * checked again when used: a judge's model may have become unusable for the user since.
 */
@Injectable()
export class ProjectScorers {
  constructor(
    private readonly db: PoolDb,
    private readonly catalog: ModelCatalogService,
  ) {}

  /** The project's saved scorers (the defaults when it has none); another user's project is missing. */
  async get(userId: number, appId: number): Promise<WorkflowScorer[]> {
    const [row] = await this.db.query<{ scorers: WorkflowScorer[] }>('SELECT scorers FROM workflow_apps WHERE id = $1 AND user_id = $2', [appId, userId]);
    if (!row) throw new BusinessError(MSG_PROJECT_NOT_FOUND);
    return row.scorers.length > 0 ? row.scorers : WORKFLOW_DEFAULT_SCORERS;
  }

  async save(userId: number, appId: number, scorers: WorkflowScorer[]): Promise<void> {
    const rows = await this.db.query('UPDATE workflow_apps SET scorers = $3 WHERE id = $1 AND user_id = $2 RETURNING id', [appId, userId, JSON.stringify(scorers)]);
    if (rows.length === 0) throw new BusinessError(MSG_PROJECT_NOT_FOUND);
  }

  /** A list as given (or the project's when none is), checked for the user's group; refused with the first problem. */
  async checked(user: { id: number; group: string }, appId: number, given: unknown): Promise<WorkflowScorer[]> {
    const list = given === undefined ? await this.get(user.id, appId) : given;
    const needsModels = Array.isArray(list) && list.some((scorer: unknown) => typeof scorer === 'object' && scorer !== null && (scorer as { type?: unknown }).type === 'llm_judge');
    const usable = needsModels ? new Set((await this.catalog.usableModels(user.group)).map((model) => model.name)) : new Set<string>();
    const read = readScorers(list, usable);
    if ('problem' in read) throw new BusinessError(read.problem);
    return read.scorers;
  }
}
