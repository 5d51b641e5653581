import { afterEach, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { addSandboxRobot, openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { FakeClock } from '../support/fakeClock.ts';

let h: CoreHarness | undefined;
let healthy: Sandbox | undefined;
afterEach(async () => {
  await h?.close();
  await healthy?.close();
});

/**
 * The query slots (16 by default) are shared per service as well as per
 * robot: two robots on a service that takes 20 s to answer a status query
 * once held all 16, and a call on a healthy service waited for one of them
 * (28.7 s for a 0.2-s call). Polls come due on a fake clock; the services
 * answer over real HTTP.
 */
test('two robots on one slow service leave query slots to a call on another: it is seen done before the slow service answers anything', async () => {
  const clock = new FakeClock();
  h = await openCoreHarness({ core: { clock, random: () => 0.999 } });
  const slowQueries = { query: { latency: { ms: 20_000 } } };
  const slowRobots = [
    await h.addRobot({ name: 'Slow A', flow: [{ type: 'wait', ms: 600_000 }], faults: slowQueries }),
    await h.addRobot({ name: 'Slow B', flow: [{ type: 'wait', ms: 600_000 }], faults: slowQueries }),
  ];
  healthy = await startSandbox({ demoRobots: false, seed: 8 });
  const { robot: quick } = await addSandboxRobot(h.core, healthy, {
    name: 'Quick',
    flow: [{ type: 'respond', constants: { ok: true } }],
  });

  const slowCalls: string[] = [];
  for (const robot of slowRobots)
    for (let i = 0; i < 12; i++)
      slowCalls.push((await h.core.fire(robot.id, { method: 'POST', args: {} })).id);
  // The slow service's first polls come due and take what slots they may: more than the cap's half.
  clock.advance(clock.nextDue()! - clock.now());
  const quickCall = await h.core.fire(quick.id, { method: 'POST', args: {} });
  const answeredSlow = () => slowCalls.filter((id) => h!.core.getCall(id).pollCount > 0).length;
  clock.advance(clock.nextDue()! - clock.now());

  const done = await h.waitForCall(quickCall.id, (c) => c.state === 'done');
  expect(done.response).toEqual({ ok: true });
  // Seen done on its first query, while every query to the slow service was still unanswered.
  expect(done.pollCount).toBe(1);
  expect(answeredSlow()).toBe(0);
  // The slow service was holding queries meanwhile: they reached it, and it answers none for 20 s.
  expect(h.sandbox.requests().filter((r) => r.path.includes('/webhookResponse/')).length).toBeGreaterThan(0);
});
