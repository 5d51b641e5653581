/**
 * Randomness is injected so fault rates and random waits are reproducible:
 * give a seed (or your own source) and the same requests meet the same faults.
 */
export type RandomSource = () => number;

/** mulberry32: tiny, fast, good enough for picking faults; not for secrets. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** True with probability `rate`. A rate of 1 is always true, 0 never (random() is in [0, 1)). */
export function roll(random: RandomSource, rate: number): boolean {
  return rate > 0 && random() < rate;
}

/** A draw from a log-normal distribution: `median` × e^(sigma × a standard normal). */
export function logNormal(random: RandomSource, median: number, sigma: number): number {
  // Box–Muller; 1 - random() is in (0, 1], so the logarithm is finite.
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return median * Math.exp(sigma * normal);
}

export function between(random: RandomSource, min: number, max: number): number {
  return Math.round(min + random() * (max - min));
}
