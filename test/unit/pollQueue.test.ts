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
  const schedule = (key: string, at = 10, origin?: string) => queue.schedule(key, robotOf(key), at, origin);
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

  test('one service never holds more than all but an eighth of the slots, however many robots it has', async () => {
    const { clock, started, schedule, end } = heldQueue(16);
    for (let i = 0; i < 10; i++) {
      schedule(`a${i}`, 10, 'slow');
      schedule(`b${i}`, 10, 'slow');
    }
    clock.advance(10);
    expect(started).toHaveLength(14);
    schedule('c0', 20, 'quick');
    clock.advance(10);
    expect(started.at(-1)).toBe('c0');
    // The eighth left is the other services': the slow one gets a slot back only as one of its own frees.
    await end('c0');
    expect(started).toHaveLength(15);
    await end('a0');
    expect(started).toHaveLength(16);
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

/** A queue whose polls end at once, recording when each started; robots and origins come from the key ("o1/r2/7"). */
function rateQueue(cap: number, perSecond: number) {
  const clock = new FakeClock(0);
  const started: Array<{ key: string; at: number }> = [];
  const queue = new PollQueue(clock, { cap: () => cap, perOriginPerSecond: () => perSecond }, async (key) => {
    started.push({ key, at: clock.now() });
  });
  const schedule = (key: string, at = 0) => {
    const [origin, robot] = key.split('/');
    queue.schedule(key, `${origin}/${robot}`, at, origin);
  };
  /** Move the clock in small steps, letting finished polls free their slots between them. */
  const run = async (ms: number, step = 5) => {
    for (let t = 0; t < ms; t += step) {
      clock.advance(step);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const startsBy = (origin: string, from: number, to: number) =>
    started.filter((s) => s.key.startsWith(`${origin}/`) && s.at >= from && s.at < to).length;
  return { clock, queue, started, schedule, run, startsBy };
}

describe('PollQueue per-origin rate and fair share across origins', () => {
  test('one origin with 1,000 calls due at once gets a burst of its rate, then its rate per second', async () => {
    const { schedule, run, startsBy, started } = rateQueue(256, 20);
    for (let i = 0; i < 1_000; i++) schedule(`o1/r${i % 10}/${i}`, 1);
    await run(3_000);
    // 20 at once, then 20 more once those are a second old: never more than 20 in any second.
    expect(startsBy('o1', 0, 10)).toBe(20);
    expect(startsBy('o1', 1_000, 2_000)).toBe(20);
    expect(startsBy('o1', 2_000, 3_000)).toBe(20);
    for (const { at } of started) expect(startsBy('o1', at, at + 1_000)).toBeLessThanOrEqual(20);
  });

  test('an origin held by its rate does not hold up another origin', async () => {
    const { schedule, run, startsBy } = rateQueue(256, 5);
    for (let i = 0; i < 100; i++) schedule(`busy/r0/${i}`, 1);
    await run(10);
    schedule('quiet/r0/0', 20);
    schedule('quiet/r0/1', 20);
    await run(40);
    expect(startsBy('busy', 0, 50)).toBe(5);
    expect(startsBy('quiet', 20, 30)).toBe(2);
  });

  test('origins share the slots evenly, however many robots each has', async () => {
    const { queue, clock, started } = rateQueue(1, 1_000);
    // One service with 40 robots of one call each, another with one robot of 40 calls.
    for (let i = 0; i < 40; i++) queue.schedule(`many/r${i}/0`, `many/r${i}`, 1, 'many');
    for (let i = 0; i < 40; i++) queue.schedule(`one/r0/${i}`, 'one/r0', 1, 'one');
    for (let i = 0; i < 80; i++) {
      clock.advance(1);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const firstTwenty = started.slice(0, 20).map((s) => s.key.split('/')[0]);
    expect(firstTwenty.filter((o) => o === 'one')).toHaveLength(10);
    expect(firstTwenty.filter((o) => o === 'many')).toHaveLength(10);
  });

  test('a robot not yet told its origin is its own lane, and shares the rate of its origin once told', async () => {
    const { queue, clock, started } = rateQueue(256, 2);
    const tick = async (ms: number) => {
      clock.advance(ms);
      await new Promise((resolve) => setImmediate(resolve));
    };
    queue.schedule('a', 'r1', 1);
    queue.schedule('b', 'r1', 1);
    queue.schedule('c', 'r1', 1);
    await tick(1);
    expect(started).toHaveLength(2);
    // r1 and r2 both go to svc from now on: one rate of 2 a second between them.
    queue.schedule('d', 'r2', 2, 'svc');
    queue.schedule('e', 'r1', 2, 'svc');
    queue.schedule('f', 'r2', 2, 'svc');
    await tick(1);
    expect(
      started
        .map((s) => s.key)
        .slice(2)
        .sort(),
    ).toHaveLength(2);
    await tick(400);
    expect(started).toHaveLength(4);
    await tick(200);
    expect(started).toHaveLength(4);
    await tick(400);
    // Once their first starts are a second old, the first lane and svc may each start one more.
    expect(started).toHaveLength(6);
  });

  test('clear() disarms the wake-up of a rate-held origin', async () => {
    const { queue, schedule, clock, started, run } = rateQueue(256, 1);
    schedule('o/r/0', 1);
    schedule('o/r/1', 1);
    await run(10);
    expect(started).toHaveLength(1);
    expect(clock.pendingTimers).toBe(1);
    queue.clear();
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('PollQueue queries per second across every origin', () => {
  test('no second holds more starts than the limit, whatever the origins, and every due poll runs in the end', async () => {
    const clock = new FakeClock(0);
    const started: number[] = [];
    let limit = 30;
    const queue = new PollQueue(
      clock,
      { cap: () => 256, perOriginPerSecond: () => 1_000, perSecond: () => limit },
      async () => void started.push(clock.now()),
    );
    // 100 polls due at once over five services, each of which alone would take them all.
    for (let i = 0; i < 100; i++) queue.schedule(`k${i}`, `r${i % 10}`, 1, `o${i % 5}`);
    for (let t = 0; t < 3_500; t += 5) {
      clock.advance(5);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(started).toHaveLength(100);
    for (const at of started)
      expect(started.filter((s) => s >= at && s < at + 1_000).length).toBeLessThanOrEqual(30);
    expect(started.filter((s) => s < 1_000)).toHaveLength(30);
    // The limit is read as it changes (the tracker's is the number of calls it watches).
    limit = 2;
    for (let i = 0; i < 10; i++) queue.schedule(`late${i}`, 'r0', clock.now() + 1_000, 'o0');
    const from = clock.now() + 1_000;
    for (let t = 0; t < 2_000; t += 5) {
      clock.advance(5);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(started.filter((s) => s >= from && s < from + 1_000)).toHaveLength(2);
    await queue.idle();
  });
});
