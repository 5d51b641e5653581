import type { CoreEvent } from '../../core/coreEvents.ts';
import type { AppEvent } from '../../shared/events.ts';
import { summarizeCall } from '../../shared/models/callSummary.ts';

/**
 * A core event as the window receives it. Calls travel as summaries: no
 * arguments and no response, which the window fetches with getCall when it
 * shows one, so a 50 MB answer never rides on an event.
 */
export function toAppEvent(event: CoreEvent): AppEvent {
  if (event.type !== 'calls') return event;
  return {
    type: 'calls.changed',
    changes: event.calls.map((call) => ({ call: summarizeCall(call), from: event.from[call.id] ?? null })),
  };
}
