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

/** A queue whose polls run until the test finishes them, with the most each robot ever had in flight. */
function heldQueue(cap: number) {
  const clock = new FakeClock(0);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const running = new Map<string, number>();
  const mostInFlight = new Map<string, number>();
  const robotOf = (key: string) => key.replace(/\d+$/, '');
  const queue = new PollQueue(
    clock,
    () => cap,
    (key) => {
      started.push(key);
      const robot = robotOf(key);
      running.set(robot, (running.get(robot) ?? 0) + 1);
      mostInFlight.set(robot, Math.max(mostInFlight.get(robot) ?? 0, running.get(robot)!));
      return new Promise<void>((resolve) =>
        finish.set(key, () => {
          running.set(robot, running.get(robot)! - 1);
          resolve();
        }),
      );
    },
  );
  const schedule = (key: string, at = 10) => queue.schedule(key, robotOf(key), at);
  /** Ends a running poll and lets the queue start the next ones. */
  const end = async (key: string) => {
    finish.get(key)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { clock, queue, started, mostInFlight, schedule, end };
}

describe('PollQueue under its caps', () => {
  test('one robot never holds more than half the slots, even as its polls finish and free them', async () => {
    const { clock, started, mostInFlight, schedule, end } = heldQueue(4);
    for (let i = 0; i < 6; i++) schedule(`a${i}`, 10 + i);
    clock.advance(20);
    expect(started).toEqual(['a0', 'a1']);
    await end('a0');
    expect(started).toEqual(['a0', 'a1', 'a2']);
    await end('a1');
    await end('a2');
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(mostInFlight.get('a')).toBe(2);
  });

  test('a robot held back at its share keeps its turn: every due poll runs in the end', async () => {
    const { clock, started, schedule, end } = heldQueue(2);
    schedule('a0', 10);
    schedule('a1', 11);
    schedule('b0', 12);
    clock.advance(20);
    // a1 waits (robot a is at its share of 1), b0 takes the second slot.
    expect(started).toEqual(['a0', 'b0']);
    await end('b0');
    await end('a0');
    expect(started).toEqual(['a0', 'b0', 'a1']);
  });

  test('idle() waits for the last running poll, not the first to finish', async () => {
    const { clock, queue, schedule, end } = heldQueue(4);
    let idle = false;
    await queue.idle();
    schedule('a0');
    schedule('b0');
    clock.advance(10);
    void queue.idle().then(() => (idle = true));
    await end('a0');
    expect(idle).toBe(false);
    await end('b0');
    expect(idle).toBe(true);
  });

  test('clear() drops scheduled polls and due ones waiting for a slot', async () => {
    const { clock, queue, started, schedule, end } = heldQueue(1);
    schedule('a0');
    schedule('b0');
    schedule('c0', 50);
    clock.advance(10);
    expect(started).toEqual(['a0']);
    queue.clear();
    await end('a0');
    clock.advance(100);
    expect(started).toEqual(['a0']);
    expect(clock.pendingTimers).toBe(0);
  });

  test('a cancelled poll leaves no timer behind', () => {
    const { clock, queue, schedule } = heldQueue(1);
    schedule('a0', 50);
    queue.cancel('a0');
    expect(clock.pendingTimers).toBe(0);
  });
});
