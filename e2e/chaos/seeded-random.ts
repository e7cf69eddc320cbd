/**
 * A seeded generator (mulberry32): the same seed replays the same faults and the same day, so a
 * failure found once can be watched again.
 */
export type Random = {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    chance: (probability) => next() < probability,
  };
}

/**
 * Draws `items` in rounds, each round a seeded shuffle of them all: random order, yet every item
 * has its turn within each round (so a short run still meets every kind of fault).
 */
export function shuffledRounds<T>(random: Random, items: readonly T[]): () => T {
  let round: T[] = [];
  return () => {
    if (round.length === 0) {
      round = [...items];
      for (let i = round.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [round[i], round[j]] = [round[j] as T, round[i] as T];
      }
    }
    return round.pop() as T;
  };
}

/** CHAOS_SEED when given (to replay a run), else a fresh one. */
export const chaosSeed = (): number =>
  process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : Math.floor(Math.random() * 2 ** 31);
