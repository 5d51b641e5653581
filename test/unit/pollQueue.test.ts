import { describe, expect, test } from 'vitest';
import { PollQueue } from '../../src/core/tracker/pollQueue.ts';
import { FakeClock } from '../support/fakeClock.ts';

describe('PollQueue', () => {
  test('takes due polls round-robin across robots under the global cap', async () => {
    const clock = new FakeClock(0);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const queue = new PollQueue(
      clock,
      () => 1,
      (key) => {
        started.push(key);
        return new Promise<void>((resolve) => finish.set(key, resolve));
      },
    );
    for (let i = 0; i < 4; i++) queue.schedule(`a${i}`, 'robot-a', 10);
    queue.schedule('b0', 'robot-b', 10);
    queue.schedule('c0', 'robot-c', 10);
    clock.advance(10);
    expect(started).toHaveLength(1);
    expect(queue.inFlight).toBe(1);
    // Finish polls one at a time; each frees the single slot for the next.
    for (let i = 0; i < 6; i++) {
      expect(started).toHaveLength(i + 1);
      finish.get(started[i]!)!();
      await new Promise((r) => setImmediate(r));
    }
    expect(started).toHaveLength(6);
    // Fair: the first three polls went to three different robots, although
    // robot-a had four polls due at the same moment.
    expect(new Set(started.slice(0, 3).map((k) => k[0])).size).toBe(3);
    expect(started.slice(3).every((k) => k.startsWith('a'))).toBe(true);
    await queue.idle();
  });

  test('a cancelled poll never runs', async () => {
    const clock = new FakeClock(0);
    const started: string[] = [];
    const queue = new PollQueue(
      clock,
      () => 4,
      async (key) => void started.push(key),
    );
    queue.schedule('x', 'r', 5);
    queue.schedule('y', 'r', 5);
    queue.cancel('x');
    clock.advance(5);
    await queue.idle();
    expect(started).toEqual(['y']);
  });
});
