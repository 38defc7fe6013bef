import { MSG_SHARE_INVALID, type RunShareCreated, type RunShareState, type SharedRun, USER_STATUS_ENABLED, type WorkflowRunDetail } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { hashToken, randomToken } from '../../auth/hash-token';
import { BusinessError } from '../../common/business.error';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';
import { RunResults } from './run-results';
import { RUN_COLUMNS, type RunRow } from './run-store';
import { toRunView } from './run-views';

/** The console page a link opens; the web route of the same path reads the public calls. */
export const SHARE_PATH = '/share/run/';

/** A token as randomToken(32) makes it: 32 bytes in base64url, 43 characters. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** PostgreSQL's unique_violation: two links created for one run at the same moment. */
const UNIQUE_VIOLATION = '23505';

/**
 * Read-only share links of a run's results (issue 30; migration 1795820000000-workflow-run-shares).
 * The token is 32 random bytes, kept only as its SHA-256 (auth/hash-token.ts, like sessions and
 * access tokens) and looked up by that hash. A run has at most one live link: a new one revokes the
 * old. A token opens its own run and nothing else: the public calls take the token alone.
 */
@Injectable()
export class RunShares {
  constructor(
    private readonly db: PoolDb,
    private readonly results: RunResults,
  ) {}

  /**
   * A new link for the owner's run (already checked), the old one revoked first. The partial unique
   * index (one live link per run) settles two creates at once: the later insert fails and tries again.
   */
  async create(run: RunRow): Promise<RunShareCreated> {
    for (let attempt = 0; ; attempt++) {
      const token = randomToken(32);
      const now = nowSeconds();
      try {
        await this.db.query('UPDATE workflow_run_shares SET revoked_at = $2 WHERE run_id = $1 AND revoked_at = 0', [run.id, now]);
        await this.db.query('INSERT INTO workflow_run_shares (run_id, user_id, token_hash, created_at) VALUES ($1, $2, $3, $4)', [run.id, run.user_id, hashToken(token), now]);
        return { token, url: `${SHARE_PATH}${token}`, created_at: now };
      } catch (error) {
        // Another link of this run was created between the two statements: revoke that one too and try again.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 2) throw error;
      }
    }
  }

  async state(run: RunRow): Promise<RunShareState> {
    const [row] = await this.db.query<{ created_at: number }>('SELECT created_at::float8 AS created_at FROM workflow_run_shares WHERE run_id = $1 AND revoked_at = 0', [run.id]);
    return { shared: row !== undefined, created_at: row?.created_at ?? 0 };
  }

  async revoke(run: RunRow): Promise<RunShareState> {
    await this.db.query('UPDATE workflow_run_shares SET revoked_at = $2 WHERE run_id = $1 AND revoked_at = 0', [run.id, nowSeconds()]);
    return { shared: false, created_at: 0 };
  }

  /**
   * The run a live token opens; anything else is MSG_SHARE_INVALID. A link stops working while its
   * owner is banned or deleted: what they shared is theirs to answer for.
   */
  async open(token: string): Promise<RunRow> {
    if (!TOKEN_FORMAT.test(token)) throw new BusinessError(MSG_SHARE_INVALID);
    const [run] = await this.db.query<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM workflow_runs
        WHERE id = (SELECT s.run_id FROM workflow_run_shares s JOIN users u ON u.id = s.user_id
                     WHERE s.token_hash = $1 AND s.revoked_at = 0 AND u.deleted_at IS NULL AND u.status = $2)`,
      [hashToken(token), USER_STATUS_ENABLED],
    );
    if (!run) throw new BusinessError(MSG_SHARE_INVALID);
    return run;
  }

  async summary(token: string): Promise<SharedRun> {
    const run = await this.open(token);
    return { run: toRunView(run), summary: await this.results.summary(run) };
  }

  async samples(token: string, query: { page?: number; page_size?: number }): Promise<WorkflowRunDetail> {
    return this.results.detail(await this.open(token), query);
  }
}
