import { BadRequestException } from '@nestjs/common';
import { MSG_STATS_RANGE_INVALID, MSG_STATS_RANGE_TOO_LONG, STATS_MAX_RANGE_DAYS } from '@gw/shared';
import type { Grain, StatsClock } from './rollups/stats-clock';

/** The roll-up buckets a time range covers: from the start of the period holding `start` to `end`. */
export interface BucketRange {
  grain: Grain;
  from: number;
  to: number;
}

/** Refuses a range that ends before it starts or spans more than STATS_MAX_RANGE_DAYS. */
export function checkRange(start: number, end: number): void {
  if (start > end) throw new BadRequestException(MSG_STATS_RANGE_INVALID);
  if (end - start > STATS_MAX_RANGE_DAYS * 86400) throw new BadRequestException(MSG_STATS_RANGE_TOO_LONG);
}

/** Checks a range (checkRange) and turns it into buckets of `grain`. */
export function bucketRange(clock: StatsClock, grain: Grain, start: number, end: number): BucketRange {
  checkRange(start, end);
  return { grain, from: clock.start(start, grain), to: end };
}

/** A WHERE clause built up with numbered parameters. */
export class SqlWhere {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(readonly range: BucketRange) {
    this.add('grain = ?', range.grain);
    this.add('bucket >= ?', range.from);
    this.add('bucket <= ?', range.to);
  }

  /** The conditions besides the grain and the range (the constructor's first three), or TRUE. */
  get filters(): string {
    return this.parts.slice(3).join(' AND ') || 'TRUE';
  }

  /** `?` stands for the value's parameter; undefined, empty text and empty lists add nothing. */
  add(condition: string, value: unknown): this {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return this;
    this.params.push(value);
    this.parts.push(condition.replace('?', `$${this.params.length}`));
    return this;
  }

  /** A condition without a parameter. */
  raw(condition: string): this {
    this.parts.push(condition);
    return this;
  }

  /** A parameter for use elsewhere in the statement; answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }
}
