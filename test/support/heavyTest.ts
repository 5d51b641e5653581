/**
 * The options of a unit test that does seconds of CPU on purpose: a
 * property over thousands of cases, hundreds of calls on a simulated clock,
 * a whole lint run. The unit project's 5 s limit (vitest.config.ts) is for
 * every other test; these get this one, and say so where they are written.
 */
export const HEAVY = { timeout: 60_000 };
