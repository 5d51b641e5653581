import { describe, expect, test } from 'vitest';
import { CallStore } from '../../src/sandbox/calls.ts';
import { runFlow } from '../../src/sandbox/flow.ts';
import { logNormal, seededRandom } from '../../src/sandbox/random.ts';
import { FlowStepSchema } from '../../src/sandbox/schema.ts';

describe('sandbox log-normal run times', () => {
  test('draws spread around the median by sigma in log time, the same for the same seed', () => {
    const random = seededRandom(42);
    const draws = Array.from({ length: 4_000 }, () => logNormal(random, 10_000, 0.3)).sort((a, b) => a - b);
    const median = draws[2_000]!;
    expect(median).toBeGreaterThan(9_500);
    expect(median).toBeLessThan(10_500);
    // The 84th percentile of a log-normal is e^sigma times its median.
    expect(draws[3_360]! / median).toBeGreaterThan(Math.exp(0.3) * 0.95);
    expect(draws[3_360]! / median).toBeLessThan(Math.exp(0.3) * 1.05);
    const again = seededRandom(42);
    expect(logNormal(again, 10_000, 0.3)).toBe(logNormal(seededRandom(42), 10_000, 0.3));
  });

  test('a waitLogNormal step holds the call that long (capped), and respond can report it', () => {
    const flow = [
      FlowStepSchema.parse({ type: 'waitLogNormal', medianMs: 60_000, sigma: 2, maxMs: 120_000 }),
      FlowStepSchema.parse({ type: 'respond', echo: true, waitedKey: 'ranMs' }),
    ];
    const waits: number[] = [];
    const scheduler = {
      after: (ms: number, run: () => void) => {
        waits.push(ms);
        run();
        return () => undefined;
      },
    };
    const calls = new CallStore(60_000, () => 0);
    const random = seededRandom(7);
    const responses: unknown[] = [];
    for (let i = 0; i < 50; i++) {
      const call = calls.create(
        'r',
        'POST',
        { i },
        { afterNoResponse: 'done-empty', afterFailure: 'failed-status' },
      );
      runFlow(call, flow, { calls, scheduler: scheduler as never, random });
      responses.push(calls.get(call.webhookCallId)?.response);
    }
    // With sigma 2 about a third of the draws pass two minutes: those are held two minutes.
    expect(Math.max(...waits)).toBe(120_000);
    expect(waits.filter((ms) => ms < 60_000).length).toBeGreaterThan(10);
    expect(responses[0]).toEqual({ i: 0, ranMs: waits[0] });
  });
});
