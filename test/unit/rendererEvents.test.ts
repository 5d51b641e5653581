import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { gatherCallChanges } from '../../src/renderer/src/bridge/gatheredChanges.ts';
import type { AppEvent, CallChange } from '../../src/shared/events.ts';
import type { CallState } from '../../src/shared/models/call.ts';
import { summarizeCall } from '../../src/shared/models/callSummary.ts';
import { doneCall } from '../support/callRecords.ts';

const change = (id: string, pollCount: number, state: CallState = 'waiting'): CallChange => ({
  call: summarizeCall(doneCall(id, { state, pollCount })),
  from: null,
});

/**
 * Changes gathered with a 100 ms wait, each batch applied recorded; with
 * frames, each frame asked for is held until the test draws it.
 */
function gatheredBatches(options: { frames?: boolean } = {}) {
  const applied: CallChange[][] = [];
  const frames: Array<() => void> = [];
  const frame = options.frames === true ? (draw: () => void) => frames.push(draw) : undefined;
  const gathered = gatherCallChanges((changes) => applied.push(changes), 100, frame);
  return { applied, frames, gathered };
}

describe("the window's call changes, gathered between draws", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a burst of changes is applied once, after the wait, each call in its latest form', () => {
    const { applied, gathered } = gatheredBatches();
    gathered.add([change('a', 1)]);
    gathered.add([change('a', 2)]);
    gathered.add([change('a', 3, 'done'), change('b', 1)]);
    vi.advanceTimersByTime(99);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied.map((batch) => batch.map((c) => [c.call.id, c.call.pollCount, c.call.state]))).toEqual([
      [
        ['a', 3, 'done'],
        ['b', 1, 'waiting'],
      ],
    ]);
    gathered.add([change('b', 2)]);
    vi.advanceTimersByTime(100);
    expect(applied).toHaveLength(2);
  });

  test('flush applies what was gathered at once, and the timer then applies nothing again', () => {
    const { applied, gathered } = gatheredBatches();
    gathered.add([change('a', 1)]);
    gathered.flush();
    expect(applied).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(applied).toHaveLength(1);
    gathered.flush();
    expect(applied).toHaveLength(1);
  });

  test('any other event is handed on only after the changes gathered before it are applied', () => {
    const seen: string[] = [];
    const gathered = gatherCallChanges(
      (changes) => seen.push(`changed ${changes.map((c) => c.call.id).join(',')}`),
      100,
    );
    const other = (event: { type: string }) => seen.push(event.type);
    gathered.route({ type: 'calls.changed', changes: [change('a', 1, 'done')] }, other);
    gathered.route({ type: 'calls.removed', ids: ['a'], finishedOf: null }, other);
    gathered.route({ type: 'calls.changed', changes: [change('b', 1)] }, other);
    expect(seen).toEqual(['changed a', 'calls.removed']);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual(['changed a', 'calls.removed', 'changed b']);
  });

  test('with frames, the gathered changes are applied at the start of the next frame after the wait', () => {
    const { applied, frames, gathered } = gatheredBatches({ frames: true });
    gathered.add([change('a', 1)]);
    vi.advanceTimersByTime(100);
    // Due, but not mid-frame: it waits for the frame.
    expect(applied).toEqual([]);
    expect(frames).toHaveLength(1);
    gathered.add([change('a', 2)]);
    frames.shift()!();
    expect(applied.map((batch) => batch.map((c) => c.call.pollCount))).toEqual([[2]]);
    // Applied once: the fallback timer was cleared with it.
    vi.advanceTimersByTime(1_000);
    expect(applied).toHaveLength(1);
  });

  test('a window that draws no frames (hidden) still gets its changes, one wait after they were due', () => {
    const { applied, frames, gathered } = gatheredBatches({ frames: true });
    gathered.add([change('a', 1)]);
    vi.advanceTimersByTime(199);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toHaveLength(1);
    // The frame asked for earlier comes at last (shown again): nothing is applied twice.
    frames.shift()!();
    expect(applied).toHaveLength(1);
    gathered.add([change('b', 1)]);
    vi.advanceTimersByTime(100);
    frames.shift()!();
    expect(applied.map((batch) => batch.map((c) => c.call.id))).toEqual([['a'], ['b']]);
  });
});

/**
 * The window's own event routing and stores, loaded as the window loads them.
 * By a path tsc does not follow: they name the DOM's window and document,
 * which the Node tests' type check does not know (tsconfig.web checks them).
 */
const renderer = (file: string) => import(`../../src/renderer/src/${file}`);
const { routeEvent } = (await renderer('bridge/events.ts')) as { routeEvent: (event: AppEvent) => void };
const { useCalls } = (await renderer('stores/calls.ts')) as {
  useCalls: { getState: () => { byId: ReadonlyMap<string, { pollCount: number }> } };
};
const { openDialog, closeDialog } = (await renderer('stores/ui.ts')) as {
  openDialog: (dialog: { kind: 'batch'; presetId: string }) => void;
  closeDialog: () => void;
};

describe('while a dialog covers the window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    closeDialog();
    vi.useRealTimers();
  });

  const known = (id: string) => useCalls.getState().byId.get(id)?.pollCount;

  test('the calls list behind it takes call changes once a second, and all of them as it closes', () => {
    openDialog({ kind: 'batch', presetId: 'p1' });
    routeEvent({ type: 'calls.changed', changes: [change('behind-1', 1)] });
    vi.advanceTimersByTime(500);
    expect(known('behind-1')).toBeUndefined();
    vi.advanceTimersByTime(500);
    expect(known('behind-1')).toBe(1);

    routeEvent({ type: 'calls.changed', changes: [change('behind-1', 2), change('behind-2', 1)] });
    closeDialog();
    expect([known('behind-1'), known('behind-2')]).toEqual([2, 1]);

    // No dialog: within a tenth of a second again.
    routeEvent({ type: 'calls.changed', changes: [change('behind-1', 3)] });
    vi.advanceTimersByTime(100);
    expect(known('behind-1')).toBe(3);
  });
});
