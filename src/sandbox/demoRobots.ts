import type { RobotDefinition } from './schema.ts';

/**
 * The built-in robots, so a new user can try the app with nothing to set up.
 * Their tokens are generated at each start, or derived from --seed so they
 * stay the same across restarts (printed by `npm run sandbox`);
 * a config robot with the same name replaces one of these.
 */
export const DEMO_ROBOTS: readonly RobotDefinition[] = [
  {
    name: 'echo',
    flow: [
      { type: 'wait', ms: 1_000 },
      { type: 'respond', echo: true },
    ],
  },
  {
    name: 'slow',
    flow: [
      { type: 'wait', ms: 30_000 },
      { type: 'respond', echo: true, constants: { tookMs: 30_000 } },
    ],
  },
  {
    // Runs five minutes without a Respond action; the query shows WAITING
    // throughout and afterwards, whatever the global afterNoResponse says.
    name: 'never-responds',
    flow: [{ type: 'wait', ms: 300_000 }, { type: 'finish' }],
    afterNoResponse: 'waiting',
  },
  {
    name: 'large',
    flow: [
      { type: 'wait', ms: 500 },
      { type: 'respondGenerated', bytes: 5 * 1024 * 1024 },
    ],
  },
  {
    name: 'flaky',
    flow: [
      { type: 'wait', ms: 1_000 },
      { type: 'respond', echo: true },
    ],
    faults: { query: { serverError: { rate: 0.3, status: 503 } } },
  },
  {
    name: 'failing',
    flow: [
      { type: 'wait', ms: 1_000 },
      { type: 'fail', message: 'The failing demo robot failed on purpose.' },
    ],
  },
];
