import { describe, expect, test } from 'vitest';
import { type Clock, MAX_TIMER_DELAY_MS, timerDelay } from '../../src/core/clock.ts';
import { PollQueue } from '../../src/core/tracker/pollQueue.ts';
import { TimerHeap } from '../../src/core/tracker/timerHeap.ts';
import { resumeAt } from '../../src/core/tracker/transitions.ts';
import { FakeClock } from '../support/fakeClock.ts';

/** A clock whose wall time the test sets, and whose one timer the test fires, as the OS would. */
class JumpingClock implements Clock {
  wall = 1_000_000;
  armed: { callback: () => void; delay: number } | undefined;
  now = () => this.wall;
  setTimer = (callback: () => void, delay: number) => (this.armed = { callback, delay });
  clearTimer = () => (this.armed = undefined);
  /** The timer's delay has passed in real time. */
  fire(): void {
    const armed = this.armed!;
    this.armed = undefined;
    armed.callback();
  }
}

describe('poll timing against a hostile clock and slow robots', () => {
  test('no delay past what a Node timer holds, and none below zero', () => {
    expect(timerDelay(40 * 24 * 3_600_000)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(1_500)).toBe(1_500);
  });

  test('the clock set back while a poll was armed: the poll runs when its timer fires, not after the jump', () => {
    const clock = new JumpingClock();
    const due: string[] = [];
    const heap = new TimerHeap(clock, (keys) => due.push(...keys));
    heap.schedule('call-1', clock.wall + 5_000);
    expect(clock.armed?.delay).toBe(5_000);
    clock.wall -= 24 * 3_600_000; // set back a day
    clock.fire();
    expect(due).toEqual(['call-1']);
  });

  test('a timer armed past the limit wakes early and is armed again, without running the poll', () => {
    const clock = new JumpingClock();
    const reports: string[][] = [];
    const heap = new TimerHeap(clock, (keys) => reports.push(keys));
    heap.schedule('far', clock.wall + 30 * 24 * 3_600_000);
    clock.wall += MAX_TIMER_DELAY_MS;
    clock.fire();
    // Nothing is due, so nothing is reported, not even an empty batch.
    expect(reports).toEqual([]);
    expect(clock.armed).toBeDefined();
  });

  test('after a restart, a next poll further ahead than a whole watch means the clock jumped: poll now', () => {
    const now = 10_000_000;
    expect(resumeAt(now + 40 * 24 * 3_600_000, now, 30 * 60_000)).toBe(now);
    expect(resumeAt(now + 5_000, now, 30 * 60_000)).toBe(now + 5_000);
    expect(resumeAt(now - 5_000, now, 30 * 60_000)).toBe(now);
    expect(resumeAt(null, now, 30 * 60_000)).toBe(now);
  });

  test('a robot whose queries hang holds at most half the slots; another robot still polls', () => {
    const clock = new FakeClock(0);
    const started: string[] = [];
    const queue = new PollQueue(
      clock,
      () => 4,
      (key) => {
        started.push(key);
        return new Promise<void>(() => undefined); // a trickling service: never ends
      },
    );
    for (let i = 0; i < 10; i++) queue.schedule(`slow${i}`, 'robot-slow', 10);
    clock.advance(10);
    expect(started).toHaveLength(2);
    expect(started.every((key) => key.startsWith('slow'))).toBe(true);
    queue.schedule('healthy', 'robot-healthy', 20);
    clock.advance(10);
    expect(started).toHaveLength(3);
    expect(started[2]).toBe('healthy');
  });
});
