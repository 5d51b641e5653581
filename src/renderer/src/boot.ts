import { hasBridge, call } from './bridge/call.ts';
import { startEvents } from './bridge/events.ts';
import { loadCalls } from './stores/calls.ts';
import { loadCatalog } from './stores/catalogActions.ts';
import { robotOfFirablePreset } from './stores/firable.ts';
import { loadSettings } from './stores/settings.ts';
import { loadTeam } from './stores/team.ts';
import { applyNavigation, applyTheme, useUi } from './stores/ui.ts';

/**
 * Start the window: subscribe to main's events first (so nothing that
 * happens during the first loads is missed), then load each store once.
 */
export async function boot(): Promise<void> {
  applyTheme(useUi.getState().theme);
  if (!hasBridge()) return;
  startEvents();
  await Promise.all([loadCatalog(), loadSettings(), loadCalls(), loadTeam()]);
  try {
    const to = await call('takeNavigation');
    if (to !== null) applyNavigation(to, robotOfFirablePreset);
  } catch {
    // Nowhere to go is not an error worth showing.
  }
}
