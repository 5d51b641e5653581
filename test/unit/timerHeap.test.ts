import { describe, expect, test } from 'vitest';
import { TimerHeap } from '../../src/core/tracker/timerHeap.ts';
import { FakeClock } from '../support/fakeClock.ts';

describe('TimerHeap', () => {
  test('fires keys in due order with a single armed timer', () => {
    const clock = new FakeClock(0);
    const fired: string[] = [];
    const heap = new TimerHeap(clock, (keys) => fired.push(...keys));
    heap.schedule('c', 300);
    heap.schedule('a', 100);
    heap.schedule('b', 200);
    expect(clock.pendingTimers).toBe(1);
    clock.advance(150);
    expect(fired).toEqual(['a']);
    clock.advance(1_000);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(clock.pendingTimers).toBe(0);
  });

  test('rescheduling and cancelling move or remove a key', () => {
    const clock = new FakeClock(0);
    const fired: string[] = [];
    const heap = new TimerHeap(clock, (keys) => fired.push(...keys));
    heap.schedule('a', 100);
    heap.schedule('b', 200);
    heap.schedule('a', 300);
    heap.cancel('b');
    clock.advance(250);
    expect(fired).toEqual([]);
    clock.advance(100);
    expect(fired).toEqual(['a']);
  });

  test('keeps order across many random schedules', () => {
    const clock = new FakeClock(0);
    const fired: string[] = [];
    const heap = new TimerHeap(clock, (keys) => fired.push(...keys));
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const due = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const at = Math.floor(rand() * 100_000);
      due.set(`k${i}`, at);
      heap.schedule(`k${i}`, at);
    }
    // Cancelling from the middle of the heap must keep it ordered.
    for (let i = 0; i < 500; i++) heap.cancel(`k${i * 4}`);
    clock.advance(100_001);
    expect(fired).toHaveLength(1_500);
    expect(fired.some((k) => Number(k.slice(1)) % 4 === 0)).toBe(false);
    const times = fired.map((k) => due.get(k)!);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test('cancelling the last key, or clearing, leaves no timer armed', () => {
    const clock = new FakeClock(0);
    const heap = new TimerHeap(clock, () => undefined);
    heap.schedule('a', 100);
    heap.cancel('a');
    expect(clock.pendingTimers).toBe(0);
    heap.schedule('a', 100);
    heap.schedule('b', 200);
    heap.clear();
    expect(clock.pendingTimers).toBe(0);
    expect(heap.has('a')).toBe(false);
  });

  test('after clear() a key can be scheduled again and fires once', () => {
    const clock = new FakeClock(0);
    const fired: string[] = [];
    const heap = new TimerHeap(clock, (keys) => fired.push(...keys));
    heap.schedule('a', 100);
    heap.schedule('b', 50);
    heap.clear();
    heap.schedule('b', 300);
    heap.schedule('c', 200);
    clock.advance(1_000);
    expect(fired).toEqual(['c', 'b']);
  });
});
