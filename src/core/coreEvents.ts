import type { AppEvent } from '../shared/events.ts';
import type { Call, CallState } from '../shared/models/call.ts';

/**
 * What AppCore tells its subscribers. Call changes carry the whole call (the
 * CLI prints a finished call's response) and, per call, the state it was in
 * when subscribers last heard of it; the shell turns them into summaries
 * before anything reaches the window. The other events are the window's own.
 */
export type CoreEvent =
  | { type: 'calls'; calls: Call[]; from: Readonly<Record<string, CallState | null>> }
  | Extract<AppEvent, { type: 'calls.removed' | 'catalog' | 'settings' | 'warnings' }>;

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
