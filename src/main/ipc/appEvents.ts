import type { CoreEvent } from '../../core/coreEvents.ts';
import type { AppEvent } from '../../shared/events.ts';
import { type CallSummary, summarizeCall } from '../../shared/models/callSummary.ts';
import type { Call } from '../../shared/models/call.ts';
import { robotForWindow, settingsForWindow, teamForWindow, warningsForWindow } from './windowView.ts';

/**
 * A core event as the window receives it. Calls travel as summaries: no
 * arguments and no response, which the window fetches with getCall when it
 * shows one, so a 50 MB answer never rides on an event.
 */
export function toAppEvent(
  event: CoreEvent,
  summarize: (call: Call) => CallSummary = summarizeCall,
  dataDir?: string,
): AppEvent {
  // A robot's or the settings' CA file, and the team catalog, travel as their names only (windowView.ts).
  if (event.type === 'catalog') return { ...event, robots: event.robots.map(robotForWindow) };
  if (event.type === 'settings') return { ...event, settings: settingsForWindow(event.settings) };
  if (event.type === 'team') return { ...event, team: teamForWindow(event.team) };
  // Named without the data folder's full path, as failed requests are (handlers.ts).
  if (event.type === 'warnings') return { ...event, warnings: warningsForWindow(event.warnings, dataDir) };
  if (event.type !== 'calls') return event;
  return {
    type: 'calls.changed',
    changes: event.calls.map((call) => ({ call: summarize(call), from: event.from[call.id] ?? null })),
  };
}
