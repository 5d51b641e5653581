import type { CallChange } from '../../../shared/events.ts';

/**
 * Call changes come up to hundreds a second (each poll of each waiting call
 * is one), and applying one means a new copy of the calls by id (10,000 in
 * a long history) and the list's filters and counts run again. So they are
 * gathered by call (its latest summary) and applied together at most every
 * `waitMs`, or at once when `flush` is called (before any other event, so
 * events still apply in the order main sent them).
 */
export function gatherCallChanges(apply: (changes: CallChange[]) => void, waitMs: number) {
  const pending = new Map<string, CallChange>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const changes = [...pending.values()];
    pending.clear();
    apply(changes);
  };
  return {
    add(changes: readonly CallChange[]): void {
      for (const change of changes) pending.set(change.call.id, change);
      timer ??= setTimeout(flush, waitMs);
    },
    flush,
  };
}
