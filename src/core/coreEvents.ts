import type { AppEvent } from '../shared/events.ts';
import { type Call, type CallState, isActive } from '../shared/models/call.ts';

/**
 * What AppCore tells its subscribers. Call changes carry the whole call (the
 * CLI prints a finished call's response) and, per call, the state it was in
 * when subscribers last heard of it; the shell turns them into summaries
 * before anything reaches the window. The other events are the window's own.
 */
export type CoreEvent =
  | { type: 'calls'; calls: Call[]; from: Readonly<Record<string, CallState | null>> }
  | Extract<AppEvent, { type: 'calls.removed' | 'catalog' | 'settings' | 'warnings' | 'team' | 'batch' }>;

/**
 * The state a changed call came from: the one subscribers last heard (kept
 * for calls still sending or waiting), else the one before its latest
 * timeline entry (a resumed call was stopped; a call that went from sending to
 * rejected within one tick was sending), else null for a call just created.
 */
export function previousState(call: Call, lastHeard: ReadonlyMap<string, CallState>): CallState | null {
  const heard = lastHeard.get(call.id);
  if (heard !== undefined) return heard;
  return call.timeline.length >= 2 ? call.timeline[call.timeline.length - 2]!.state : null;
}

export type CoreListener = (event: CoreEvent) => void;

/**
 * Tells AppCore's subscribers what changed. Keeps, for each call still
 * sending or waiting, the state they last heard, so every call change says
 * where the call came from (the notification rule needs it).
 */
export class CoreAnnouncer {
  readonly #listeners = new Set<CoreListener>();
  readonly #lastHeard = new Map<string, CallState>();

  subscribe(listener: CoreListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get hasListeners(): boolean {
    return this.#listeners.size > 0;
  }

  calls(calls: Call[]): void {
    const from: Record<string, CallState | null> = {};
    for (const call of calls) {
      from[call.id] = previousState(call, this.#lastHeard);
      if (isActive(call.state)) this.#lastHeard.set(call.id, call.state);
      else this.#lastHeard.delete(call.id);
    }
    this.emit({ type: 'calls', calls, from });
  }

  /** Calls left the history: forgotten by id, or every finished one (of a robot). */
  removed(ids: string[], finishedOf: { robotId: string | null } | null): void {
    for (const id of ids) this.#lastHeard.delete(id);
    this.emit({ type: 'calls.removed', ids, finishedOf });
  }

  emit(event: CoreEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener that throws (a window being closed) must not break the core.
      }
    }
  }

  close(): void {
    this.#listeners.clear();
  }
}
