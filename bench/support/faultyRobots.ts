/**
 * The robots the load run fires (issue 21, section 5): runs that take a
 * random time, and about 5 % of requests to the service meeting a fault,
 * on the trigger and on the status query alike. The sandbox rolls each
 * fault kind per request in turn (faultGate.ts): a drop 1 %, then a 429
 * with Retry-After 1 %, then a 503 2 %, so about 4 % of the requests to
 * the two common robots; and 1 % of the calls go to a robot whose every
 * request is slowed by 0.2-2 s. A robot's own fault kinds replace the
 * global ones of the same kind, and the sandbox takes one drop stage per
 * robot, so each stage has its robot.
 */
import type { FaultConfig, SandboxConfig } from '../../src/sandbox/index.ts';
import type { RandomSource } from '../../src/sandbox/random.ts';

const DROP_RATE = 0.01;
const SLOW_SHARE = 0.01;

const everywhere = (faults: NonNullable<FaultConfig['trigger']>): FaultConfig => ({
  trigger: faults,
  query: faults,
});

export type LoadRobot = { name: string; token: string };

/** Tokens are at least 16 characters, as the core wants them. */
export const loadRobots = {
  dropBefore: { name: 'load-drop-before', token: 'bench-load-drop-before' },
  dropAfter: { name: 'load-drop-after', token: 'bench-load-drop-after' },
  slowLink: { name: 'load-slow-link', token: 'bench-load-slow-link' },
} satisfies Record<string, LoadRobot>;

/** The sandbox's config: each run waits between a tenth of `maxRunMs` and all of it, then answers. */
export function faultyRobotsConfig(maxRunMs: number, seed: number): SandboxConfig {
  const flow = [
    { type: 'waitRandom' as const, minMs: Math.round(maxRunMs / 10), maxMs: maxRunMs },
    { type: 'respond' as const, echo: true },
  ];
  const { dropBefore, dropAfter, slowLink } = loadRobots;
  return {
    robots: [
      { ...dropBefore, flow, faults: everywhere({ drop: { rate: DROP_RATE, stage: 'before' } }) },
      { ...dropAfter, flow, faults: everywhere({ drop: { rate: DROP_RATE, stage: 'after' } }) },
      { ...slowLink, flow, faults: everywhere({ latency: { minMs: 200, maxMs: 2_000 } }) },
    ],
    faults: everywhere({
      tooManyRequests: { rate: 0.01, retryAfterSeconds: 1, retryAfterFormat: 'seconds' },
      serverError: { rate: 0.02, status: 503 },
    }),
    seed,
  };
}

/** Which robot the next trigger goes to: the slow link 1 % of the time, else either drop robot. */
export function pickRobot(random: RandomSource): LoadRobot {
  const roll = random();
  if (roll < SLOW_SHARE) return loadRobots.slowLink;
  return roll < SLOW_SHARE + (1 - SLOW_SHARE) / 2 ? loadRobots.dropBefore : loadRobots.dropAfter;
}
