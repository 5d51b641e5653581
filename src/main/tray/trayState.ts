import type { AppCore } from '../../core/appCore.ts';
import type { CallSummary } from '../../shared/models/callSummary.ts';
import type { TrayState } from './trayMenu.ts';

/**
 * What the tray menu shows, read fresh from the core at each rebuild: one's
 * own robots and presets, and the team catalog's (its last good version;
 * nothing once it is unfollowed, which a `team` event announces, so the
 * rebuild it asks for drops them at once), and beside each pinned preset how
 * long its calls usually run and how its last one ended (two index seeks
 * per state, whatever the history weighs). The recent calls are kept by
 * events (recentCalls.ts), never read from the history here.
 */
export async function readTrayState(
  core: Pick<AppCore, 'listRobots' | 'listPresets' | 'teamCatalog' | 'presetRunNote'>,
  recentCalls: readonly CallSummary[],
  now = Date.now(),
): Promise<TrayState> {
  const team = core.teamCatalog();
  const presets = await core.listPresets();
  const pinned = [...presets, ...team.presets].filter((p) => p.pinnedToTray);
  return {
    robots: await core.listRobots(),
    presets,
    team: { robots: team.robots, presets: team.presets },
    recentCalls,
    runNotes: new Map(pinned.map((p) => [p.id, core.presetRunNote(p)])),
    now,
  };
}
