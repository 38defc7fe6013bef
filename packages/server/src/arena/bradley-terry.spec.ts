import { describe, expect, it } from 'vitest';
import { type Battle, type BattleOutcome, fitRatings, mulberry32, type Rating, winRateMatrix } from './bradley-terry';

const vote = (a: string, b: string, outcome: BattleOutcome): Battle => ({ a, b, outcome });

/** `count` copies of one vote. */
const votes = (count: number, a: string, b: string, outcome: BattleOutcome): Battle[] => Array.from({ length: count }, () => vote(a, b, outcome));

/** `count` seeded votes between a and b where a wins with probability `aWins`, sides shuffled as the arena shows them. */
function simulate(count: number, a: string, b: string, aWins: number, random: () => number): Battle[] {
  return Array.from({ length: count }, () => {
    const aWon = random() < aWins;
    return random() < 0.5 ? vote(a, b, aWon ? 'a' : 'b') : vote(b, a, aWon ? 'b' : 'a');
  });
}

const byModel = (ratings: Rating[]): Record<string, Rating> => Object.fromEntries(ratings.map((rating) => [rating.model, rating]));
const width = (rating: Rating): number => rating.ci_high - rating.ci_low;
const mean = (ratings: Rating[]): number => ratings.reduce((sum, rating) => sum + rating.rating, 0) / ratings.length;

/** 300 votes: X beats Y 80 % of the time, Z sits in between. */
function threeModels(): Battle[] {
  const random = mulberry32(1);
  return [...simulate(100, 'X', 'Y', 0.8, random), ...simulate(100, 'X', 'Z', 0.65, random), ...simulate(100, 'Z', 'Y', 0.65, random)];
}

describe(fitRatings.name, () => {
  it('ranks the stronger model first, with intervals that do not overlap', () => {
    const sut = fitRatings(threeModels());
    expect(sut.map((rating) => rating.model)).toEqual(['X', 'Z', 'Y']);
    const { X, Y } = byModel(sut);
    expect(X.ci_low).toBeGreaterThan(Y.ci_high);
    for (const rating of sut) {
      expect(rating.ci_low).toBeLessThan(rating.rating);
      expect(rating.ci_high).toBeGreaterThan(rating.rating);
    }
  });

  it('puts the gap between two models on the Elo scale', () => {
    // 4 wins to 1 is odds of 4: 400 · log10(4) ≈ 241 points, shrunk a little by the one prior tie each.
    const { X, Y } = byModel(fitRatings([...votes(400, 'X', 'Y', 'a'), ...votes(100, 'X', 'Y', 'b')], { rounds: 0 }));
    expect(X.rating - Y.rating).toBeGreaterThan(235);
    expect(X.rating - Y.rating).toBeLessThan(400 * Math.log10(4));
    const battles = threeModels();
    const rescaled = fitRatings(battles, { base: 1500, scale: 100 }).map((rating) => rating.rating);
    expect(rescaled).toEqual(fitRatings(battles).map((rating) => expect.closeTo(1500 + (rating.rating - 1000) / 4, 9)));
  });

  it('gives two equally strong models ratings close to each other and to 1000, with overlapping intervals', () => {
    const sut = byModel(fitRatings(simulate(4000, 'A', 'B', 0.5, mulberry32(2))));
    expect(Math.abs(sut.A.rating - sut.B.rating)).toBeLessThan(30);
    expect(Math.abs(sut.A.rating - 1000)).toBeLessThan(15);
    expect(sut.A.ci_low).toBeLessThan(sut.B.ci_high);
    expect(sut.B.ci_low).toBeLessThan(sut.A.ci_high);
  });

  it('does not depend on which side a model was shown on', () => {
    const swap: Record<BattleOutcome, BattleOutcome> = { a: 'b', b: 'a', tie: 'tie' };
    const battles = [...threeModels(), ...votes(7, 'X', 'Z', 'tie')];
    const swapped = battles.map((battle) => vote(battle.b, battle.a, swap[battle.outcome]));
    expect(fitRatings(swapped)).toEqual(fitRatings(battles));
  });

  it('gives an undefeated model a finite rating above the others', () => {
    const battles = [...votes(10, 'X', 'Y', 'a'), ...votes(10, 'X', 'Z', 'a'), ...simulate(40, 'Y', 'Z', 0.5, mulberry32(3))];
    const sut = fitRatings(battles);
    expect(sut[0].model).toBe('X');
    for (const rating of sut) expect([rating.rating, rating.ci_low, rating.ci_high].every(Number.isFinite)).toBe(true);
    expect(sut[0].rating).toBeGreaterThan(sut[1].ci_high);
  });

  it('keeps ratings finite when groups of models never met', () => {
    const sut = byModel(fitRatings([...votes(20, 'A', 'B', 'a'), ...votes(20, 'C', 'D', 'b')]));
    for (const rating of Object.values(sut)) expect([rating.rating, rating.ci_low, rating.ci_high].every(Number.isFinite)).toBe(true);
    expect(sut.A.rating).toBeGreaterThan(sut.B.rating);
    expect(sut.D.rating).toBeGreaterThan(sut.C.rating);
  });

  it('gives a model with a single vote a much wider interval than the well-known ones', () => {
    // Five models that met 100 times each pair; with fewer, the newcomer's swings would move the
    // mean that every rating is centred on, and with it their intervals.
    const random = mulberry32(4);
    const known = ['A', 'B', 'C', 'D', 'E'];
    const battles = known.flatMap((a, i) => known.slice(i + 1).flatMap((b) => simulate(100, a, b, 0.5, random)));
    const sut = byModel(fitRatings([...battles, vote('N', 'A', 'a')]));
    expect(sut.N.battles).toBe(1);
    expect(width(sut.N)).toBeGreaterThan(150);
    for (const model of known) expect(width(sut.N)).toBeGreaterThan(2 * width(sut[model]));
  });

  it('counts a tie as half a win for each side', () => {
    const ratingsOf = (battles: Battle[]) => fitRatings(battles, { rounds: 0 }).map((rating) => [rating.model, rating.rating]);
    const withTies = [...votes(3, 'A', 'B', 'a'), ...votes(2, 'A', 'B', 'tie')];
    const asWinAndLoss = [...votes(4, 'A', 'B', 'a'), vote('A', 'B', 'b')];
    expect(ratingsOf(withTies)).toEqual(ratingsOf(asWinAndLoss));
    expect(ratingsOf(withTies)).not.toEqual(ratingsOf(votes(3, 'A', 'B', 'a')));
  });

  it('reports battles, wins, ties and win rate per model, skipping votes of a model against itself', () => {
    const battles = [
      ...votes(3, 'A', 'B', 'a'),
      vote('B', 'A', 'a'),
      ...votes(2, 'B', 'A', 'tie'),
      vote('C', 'A', 'tie'),
      vote('B', 'C', 'b'),
      vote('A', 'A', 'a'),
      vote('S', 'S', 'b'),
    ];
    const records = fitRatings(battles).map(({ model, battles, wins, ties, win_rate }) => ({ model, battles, wins, ties, win_rate }));
    expect(records.sort((x, y) => x.model.localeCompare(y.model))).toEqual([
      { model: 'A', battles: 7, wins: 3, ties: 3, win_rate: 4.5 / 7 },
      { model: 'B', battles: 7, wins: 1, ties: 2, win_rate: 2 / 7 },
      { model: 'C', battles: 2, wins: 1, ties: 1, win_rate: 0.75 },
    ]);
  });

  it('sorts by rating, then by name', () => {
    expect(fitRatings([vote('b', 'c', 'tie'), vote('c', 'a', 'tie'), vote('z', 'y', 'a')]).map((rating) => rating.model)).toEqual(['z', 'a', 'b', 'c', 'y']);
  });

  it('returns the same leaderboard for the same seed, centred on the base', () => {
    const battles = threeModels();
    const sut = fitRatings(battles, { seed: 9 });
    expect(fitRatings(battles, { seed: 9 })).toEqual(sut);
    expect(fitRatings(battles, { seed: 10 })).not.toEqual(sut);
    expect(mean(sut)).toBeCloseTo(1000, 9);
    expect(mean(fitRatings(battles, { base: 1500 }))).toBeCloseTo(1500, 9);
  });

  it('makes each interval the rating itself with no bootstrap rounds', () => {
    for (const rating of fitRatings(threeModels(), { rounds: 0 })) {
      expect(rating.ci_low).toBe(rating.rating);
      expect(rating.ci_high).toBe(rating.rating);
    }
  });

  it('returns nothing without votes between two different models', () => {
    expect(fitRatings([])).toEqual([]);
    expect(fitRatings([vote('A', 'A', 'tie')])).toEqual([]);
  });
});

describe(winRateMatrix.name, () => {
  it('gives the share each model won against each other, ties half, null where they never met', () => {
    const battles = [vote('c', 'b', 'a'), ...votes(2, 'a', 'b', 'a'), vote('b', 'a', 'a'), vote('b', 'a', 'tie'), vote('a', 'a', 'b')];
    expect(winRateMatrix(battles)).toEqual({
      models: ['a', 'b', 'c'],
      rates: [
        [null, 0.625, null],
        [0.375, null, 0],
        [null, 1, null],
      ],
      counts: [
        [0, 4, 0],
        [4, 0, 1],
        [0, 1, 0],
      ],
    });
  });

  it('is empty without votes', () => {
    expect(winRateMatrix([])).toEqual({ models: [], rates: [], counts: [] });
  });
});
