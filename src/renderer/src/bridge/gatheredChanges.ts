import type { AppEvent, CallChange } from '../../../shared/events.ts';

/** Asks for `draw` before the window's next frame; a window that draws nothing (hidden) may never call it. */
export type NextFrame = (draw: () => void) => void;

// The window's requestAnimationFrame (this module is also loaded by tests under Node, which has none).
const frames = (globalThis as { requestAnimationFrame?: (draw: () => void) => number }).requestAnimationFrame;
const nextFrame: NextFrame | undefined =
  frames === undefined ? undefined : (draw) => frames.call(globalThis, draw);

/**
 * Call changes come up to thousands a second (each poll of each waiting call
 * is one), and applying them means the store's new calls by id and the
 * rows of the calls that changed drawn again. So they are gathered by call
 * (its latest summary) and applied together at most every `wait` ms (a
 * number, or asked each time changes start to gather), at the start of a
 * frame (`frame`), so the work never lands mid-frame and pushes that frame
 * past its time; a window that draws no frames (hidden) gets them a wait
 * later all the same. Any other event applies them at once first (`route`),
 * so events still apply in the order main sent them.
 */
export function gatherCallChanges(
  apply: (changes: CallChange[]) => void,
  wait: number | (() => number),
  frame: NextFrame | undefined = nextFrame,
) {
  const waitMs = typeof wait === 'number' ? () => wait : wait;
  const pending = new Map<string, CallChange>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drawing = false;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    drawing = false;
    if (pending.size === 0) return;
    const changes = [...pending.values()];
    pending.clear();
    apply(changes);
  };
  const due = (): void => {
    if (frame === undefined) return flush();
    drawing = true;
    frame(() => drawing && flush());
    // No frame within another wait: the window is not drawing; apply anyway.
    timer = setTimeout(flush, waitMs());
  };
  const add = (changes: readonly CallChange[]): void => {
    for (const change of changes) pending.set(change.call.id, change);
    if (timer === undefined && !drawing) timer = setTimeout(due, waitMs());
  };
  return {
    add,
    flush,
    /** Call changes are gathered; any other event goes to `other` once the gathered ones are applied. */
    route(event: AppEvent, other: (event: Exclude<AppEvent, { type: 'calls.changed' }>) => void): void {
      if (event.type === 'calls.changed') return add(event.changes);
      flush();
      other(event);
    },
  };
}
