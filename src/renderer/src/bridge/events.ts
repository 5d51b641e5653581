import type { AppEvent } from '../../../shared/events.ts';
import { applyCatalogEvent } from '../stores/catalogActions.ts';
import { applyCallsChanged, applyCallsRemoved } from '../stores/calls.ts';
import { applyDemo, applySettings, applyWarnings } from '../stores/settings.ts';
import { robotOfFirablePreset } from '../stores/firable.ts';
import { applyTeam } from '../stores/team.ts';
import { applyNavigation, useUi } from '../stores/ui.ts';
import { bridge } from './call.ts';
import { gatherCallChanges } from './gatheredChanges.ts';

type Listener = (event: AppEvent) => void;
const extraListeners = new Set<Listener>();
let stop: (() => void) | undefined;

/**
 * Call changes, applied to the store together at most every 100 ms (see
 * gatherCallChanges); while a dialog covers the window, at most every
 * second: what the person looks at then is the dialog (a batch's progress
 * is its own events), and the calls list behind it redrawn ten times a
 * second took the frames the dialog needed. Closing the dialog applies them at once.
 */
const callChanges = gatherCallChanges(applyCallsChanged, () =>
  useUi.getState().dialog === null ? 100 : 1_000,
);
useUi.subscribe((now, before) => {
  if (before.dialog !== null && now.dialog === null) callChanges.flush();
});

/** Every event but call changes, to the store whose reducer applies it. */
function applyEvent(event: Exclude<AppEvent, { type: 'calls.changed' }>): void {
  switch (event.type) {
    case 'catalog':
      applyCatalogEvent(event.robots, event.presets);
      break;
    case 'calls.removed':
      applyCallsRemoved(event);
      break;
    case 'settings':
      applySettings(event.settings);
      break;
    case 'warnings':
      applyWarnings(event.warnings);
      break;
    case 'demo':
      applyDemo(event.demo);
      break;
    case 'navigate':
      applyNavigation(event.to, robotOfFirablePreset);
      break;
    case 'team':
      applyTeam(event.team);
      break;
  }
}

/** Route one event to the stores whose reducers apply it, in the order main sent them. */
export function routeEvent(event: AppEvent): void {
  callChanges.route(event, applyEvent);
  for (const listener of extraListeners) listener(event);
}

/** The one subscription to main's events, started once at boot. */
export function startEvents(): void {
  if (stop !== undefined) return;
  const api = bridge();
  if (api === undefined || typeof api.onEvent !== 'function') return;
  stop = api.onEvent(routeEvent);
}

/** For a feature that needs to react to an event beyond the stores (rare). */
export function onAppEvent(listener: Listener): () => void {
  extraListeners.add(listener);
  return () => extraListeners.delete(listener);
}
