/**
 * Leaderboard ratings of the compare-chat arena (issue 33): a Bradley–Terry model fitted to the
 * votes by maximum likelihood, shown on the Elo scale as LMSYS Chatbot Arena does, with bootstrap
 * 95 % intervals. Pure: the caller passes the votes in and shows what comes back.
 */

import type { ArenaRating, ArenaWinMatrix } from '@gw/shared';

/** Who won a vote; 'tie' also stands for "both bad", which counts as a tie as it does at LMSYS. */
export type BattleOutcome = 'a' | 'b' | 'tie';

export interface Battle {
  a: string;
  b: string;
  outcome: BattleOutcome;
}

/** A leaderboard row without what the votes' answers add (cost, speed). */
export type Rating = Omit<ArenaRating, 'mean_cost' | 'mean_first_token_ms'>;

export interface FitOptions {
  /** Bootstrap resamples behind the intervals; 0 makes each interval the rating itself. */
  rounds?: number;
  /** Seed of the resampling, so that the same votes always give the same leaderboard. */
  seed?: number;
  /** Mean rating of the listed models. */
  base?: number;
  /** Rating points per factor of ten in strength: a model `scale` points above another wins 10 of 11 votes. */
  scale?: number;
}

const DEFAULTS = { rounds: 200, seed: 20_240_601, base: 1000, scale: 400 };

/**
 * Every model also plays this many virtual ties against a fixed reference model of log-strength 0.
 * Without it, a model that never lost (or never won) has its maximum likelihood at infinity, and
 * groups of models that never met each other have no common scale. A virtual tie rather than an L2
 * penalty because it is worth exactly one vote, so its weight is easy to judge and fades as real
 * votes come in, and its pull is bounded (like a logistic loss), so a truly dominant model is not
 * held back quadratically. It also makes the Hessian positive definite, so Newton always has a step.
 */
const PRIOR_TIES = 1;
/** Newton stops once no log-strength moves by more than this. */
const TOLERANCE = 1e-8;
/** Newton converges in a handful of steps; the cap only guards against a pathological input. */
const MAX_NEWTON_STEPS = 100;

/** The three outcome cells of a pair, from the point of view of its first (lower-index) model. */
const FIRST_WON = 0;
const SECOND_WON = 1;
const TIED = 2;
const CELLS_PER_PAIR = 3;

/** The votes aggregated into pairwise counts, so that a fit costs O(pairs), not O(votes). */
interface Tally {
  /** Models that appear in at least one counted vote, sorted by name; indices below refer to this. */
  models: string[];
  /** The two models of each pair that met, first < second. */
  first: number[];
  second: number[];
  /** Vote counts, CELLS_PER_PAIR per pair. */
  cells: Float64Array;
  /** The cell each counted vote fell in: the unit the bootstrap resamples. */
  cellOfBattle: Int32Array;
}

/** Code-point order, so that the order does not depend on the server's locale. */
function byName(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function outcomeCell(outcome: BattleOutcome, aIsFirst: boolean): number {
  switch (outcome) {
    case 'tie':
      return TIED;
    case 'a':
      return aIsFirst ? FIRST_WON : SECOND_WON;
    case 'b':
      return aIsFirst ? SECOND_WON : FIRST_WON;
    default:
      throw new Error(`Unknown battle outcome: ${String(outcome)}`);
  }
}

/** Aggregates the votes; a vote of a model against itself cannot say anything and is skipped. */
function tally(battles: Battle[]): Tally {
  const counted = battles.filter((battle) => battle.a !== battle.b);
  const models = [...new Set(counted.flatMap((battle) => [battle.a, battle.b]))].sort(byName);
  const indexOf = new Map(models.map((model, index) => [model, index]));
  const pairOf = new Map<number, number>();
  const first: number[] = [];
  const second: number[] = [];
  const cellOfBattle = new Int32Array(counted.length);
  counted.forEach((battle, n) => {
    const a = indexOf.get(battle.a)!;
    const b = indexOf.get(battle.b)!;
    const key = Math.min(a, b) * models.length + Math.max(a, b);
    let pair = pairOf.get(key);
    if (pair === undefined) {
      pair = first.length;
      pairOf.set(key, pair);
      first.push(Math.min(a, b));
      second.push(Math.max(a, b));
    }
    cellOfBattle[n] = pair * CELLS_PER_PAIR + outcomeCell(battle.outcome, a < b);
  });
  return { models, first, second, cells: countCells(cellOfBattle, first.length), cellOfBattle };
}

function countCells(cellOfBattle: Int32Array, pairs: number): Float64Array {
  const cells = new Float64Array(pairs * CELLS_PER_PAIR);
  for (const cell of cellOfBattle) cells[cell] += 1;
  return cells;
}

/** Votes of one pair: won and lost by its first model, tied. */
function pairCounts(cells: Float64Array, pair: number): [number, number, number] {
  const at = pair * CELLS_PER_PAIR;
  return [cells[at + FIRST_WON], cells[at + SECOND_WON], cells[at + TIED]];
}

/** log(e^x + e^y) without overflow. */
function logAddExp(x: number, y: number): number {
  const high = Math.max(x, y);
  return high + Math.log1p(Math.exp(-Math.abs(x - y)));
}

/** The probability that a model beats one `x` log-strength below it. */
function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/**
 * Log-likelihood of the log-strengths `theta` plus the prior ties. A tie counts as half a win for
 * each side: it adds one game to the pair and half a win to each model.
 */
function logPosterior(tally: Tally, cells: Float64Array, theta: Float64Array): number {
  let sum = 0;
  for (let pair = 0; pair < tally.first.length; pair++) {
    const [won, lost, tied] = pairCounts(cells, pair);
    const games = won + lost + tied;
    if (games === 0) continue;
    const i = tally.first[pair];
    const j = tally.second[pair];
    sum += (won + tied / 2) * theta[i] + (lost + tied / 2) * theta[j] - games * logAddExp(theta[i], theta[j]);
  }
  for (const t of theta) sum += PRIOR_TIES * (t / 2 - logAddExp(t, 0));
  return sum;
}

/** Gradient of logPosterior and its negated Hessian (row-major, symmetric positive definite). */
function derivatives(tally: Tally, cells: Float64Array, theta: Float64Array): { gradient: Float64Array; hessian: Float64Array } {
  const n = theta.length;
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n * n);
  for (let pair = 0; pair < tally.first.length; pair++) {
    const [won, lost, tied] = pairCounts(cells, pair);
    const games = won + lost + tied;
    if (games === 0) continue;
    const i = tally.first[pair];
    const j = tally.second[pair];
    const p = sigmoid(theta[i] - theta[j]);
    gradient[i] += won + tied / 2 - games * p;
    gradient[j] += lost + tied / 2 - games * (1 - p);
    const curvature = games * p * (1 - p);
    hessian[i * n + i] += curvature;
    hessian[j * n + j] += curvature;
    hessian[i * n + j] -= curvature;
    hessian[j * n + i] -= curvature;
  }
  theta.forEach((t, i) => {
    const p = sigmoid(t);
    gradient[i] += PRIOR_TIES * (0.5 - p);
    hessian[i * n + i] += PRIOR_TIES * p * (1 - p);
  });
  return { gradient, hessian };
}

/** Solves H x = g by Cholesky for a symmetric positive definite H (row-major n×n, overwritten). */
function solvePositiveDefinite(h: Float64Array, g: Float64Array): Float64Array {
  const n = g.length;
  for (let j = 0; j < n; j++) {
    let diagonal = h[j * n + j];
    for (let k = 0; k < j; k++) diagonal -= h[j * n + k] ** 2;
    h[j * n + j] = Math.sqrt(diagonal);
    for (let i = j + 1; i < n; i++) {
      let sum = h[i * n + j];
      for (let k = 0; k < j; k++) sum -= h[i * n + k] * h[j * n + k];
      h[i * n + j] = sum / h[j * n + j];
    }
  }
  const x = Float64Array.from(g);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) x[i] -= h[i * n + k] * x[k];
    x[i] /= h[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) x[i] -= h[k * n + i] * x[k];
    x[i] /= h[i * n + i];
  }
  return x;
}

function maxAbs(values: Float64Array): number {
  return values.reduce((high, value) => Math.max(high, Math.abs(value)), 0);
}

/**
 * Maximum a posteriori log-strengths by Newton's method with backtracking. Newton rather than the
 * MM algorithm: with the prior, MM crawls along directions only the prior pins down (the common
 * level, groups of models that rarely meet) and can need tens of thousands of sweeps, where Newton
 * needs about five. Each step costs O(pairs) to build the derivatives plus an O(models³) solve,
 * which is nothing for the tens of models an arena compares.
 */
function fitLogStrengths(tally: Tally, cells: Float64Array, start: Float64Array): Float64Array {
  let theta = Float64Array.from(start);
  let value = logPosterior(tally, cells, theta);
  for (let step = 0; step < MAX_NEWTON_STEPS; step++) {
    const { gradient, hessian } = derivatives(tally, cells, theta);
    const direction = solvePositiveDefinite(hessian, gradient);
    const length = maxAbs(direction);
    if (length < TOLERANCE) return theta.map((t, i) => t + direction[i]);
    const slope = gradient.reduce((sum, g, i) => sum + g * direction[i], 0);
    // Far from the optimum a full step can overshoot; halve it until the posterior rises enough.
    let size = 1;
    for (;;) {
      const next = theta.map((t, i) => t + size * direction[i]);
      const nextValue = logPosterior(tally, cells, next);
      if (nextValue >= value + 1e-4 * size * slope) {
        theta = next;
        value = nextValue;
        break;
      }
      size /= 2;
      // No step improves on theta beyond rounding: it is the optimum.
      if (size * length < TOLERANCE) return theta;
    }
  }
  return theta;
}

/** Elo-scale ratings, centred so that their mean is `base`. */
function toRatings(theta: Float64Array, base: number, scale: number): Float64Array {
  const mean = theta.reduce((sum, t) => sum + t, 0) / theta.length;
  return theta.map((t) => base + (scale * (t - mean)) / Math.LN10);
}

/**
 * mulberry32: a tiny, fast 32-bit PRNG with a seed, uniform in [0, 1). Math.random cannot be
 * seeded, and the leaderboard must not move between two page loads over the same votes.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Each model's rating in `rounds` refits, sorted ascending. A round draws N votes out of the N
 * with replacement and refits on their counts, starting from the full fit so Newton needs few
 * steps. A model that drew no vote in a round keeps its place in the fit, held by the prior near
 * the reference, which is what makes the interval of a model with few votes wide.
 */
function bootstrapRatings(tally: Tally, theta: Float64Array, rounds: number, random: () => number, base: number, scale: number): Float64Array[] {
  const samples = tally.models.map(() => new Float64Array(rounds));
  const votes = tally.cellOfBattle.length;
  const cells = new Float64Array(tally.cells.length);
  for (let round = 0; round < rounds; round++) {
    cells.fill(0);
    for (let draw = 0; draw < votes; draw++) cells[tally.cellOfBattle[Math.floor(random() * votes)]] += 1;
    toRatings(fitLogStrengths(tally, cells, theta), base, scale).forEach((rating, model) => (samples[model][round] = rating));
  }
  return samples.map((sample) => sample.sort());
}

/** The q-quantile of ascending values, interpolating linearly between neighbours (numpy's default). */
function quantile(sorted: Float64Array, q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
}

function modelRecords(tally: Tally): Array<Pick<Rating, 'battles' | 'wins' | 'ties' | 'win_rate'>> {
  const records = tally.models.map(() => ({ battles: 0, wins: 0, ties: 0, win_rate: 0 }));
  tally.first.forEach((i, pair) => {
    const [won, lost, tied] = pairCounts(tally.cells, pair);
    const j = tally.second[pair];
    for (const [model, wins] of [[i, won], [j, lost]]) {
      records[model].battles += won + lost + tied;
      records[model].wins += wins;
      records[model].ties += tied;
    }
  });
  for (const record of records) record.win_rate = record.battles === 0 ? 0 : (record.wins + record.ties / 2) / record.battles;
  return records;
}

/** The leaderboard: one row per model that appears in a vote, by rating (highest first), then by name. */
export function fitRatings(battles: Battle[], options: FitOptions = {}): Rating[] {
  const { rounds, seed, base, scale } = { ...DEFAULTS, ...options };
  const votes = tally(battles);
  if (votes.models.length === 0) return [];
  const theta = fitLogStrengths(votes, votes.cells, new Float64Array(votes.models.length));
  const ratings = toRatings(theta, base, scale);
  const samples = bootstrapRatings(votes, theta, Math.max(0, Math.floor(rounds)), mulberry32(seed), base, scale);
  const records = modelRecords(votes);
  return votes.models
    .map((model, i) => ({
      model,
      rating: ratings[i],
      ci_low: samples[i].length === 0 ? ratings[i] : quantile(samples[i], 0.025),
      ci_high: samples[i].length === 0 ? ratings[i] : quantile(samples[i], 0.975),
      ...records[i],
    }))
    .sort((x, y) => y.rating - x.rating || byName(x.model, y.model));
}

/**
 * Head-to-head results, models sorted by name: rates[i][j] is the share of the votes between i and
 * j that i won (a tie counts half), null when they never met and on the diagonal; counts[i][j] is
 * the number of those votes.
 */
export function winRateMatrix(battles: Battle[]): ArenaWinMatrix {
  const votes = tally(battles);
  const size = votes.models.length;
  const rates: Array<Array<number | null>> = votes.models.map(() => new Array<number | null>(size).fill(null));
  const counts = votes.models.map(() => new Array<number>(size).fill(0));
  votes.first.forEach((i, pair) => {
    const [won, lost, tied] = pairCounts(votes.cells, pair);
    const j = votes.second[pair];
    const games = won + lost + tied;
    counts[i][j] = counts[j][i] = games;
    rates[i][j] = (won + tied / 2) / games;
    rates[j][i] = (lost + tied / 2) / games;
  });
  return { models: votes.models, rates, counts };
}
