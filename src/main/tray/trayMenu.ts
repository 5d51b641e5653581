import type { BatchProgress } from '../../shared/models/batch.ts';
import type { CallSummary } from '../../shared/models/callSummary.ts';
import type { Preset } from '../../shared/models/preset.ts';
import type { RobotView } from '../../shared/models/robotView.ts';
import { type PresetRunNote, presetNoteText } from '../../shared/models/runStats.ts';
import { stateLabel } from '../../shared/sentences/callOutcome.ts';
import { batchLine } from './batchLines.ts';

/** What a tray item does, as data: the controller performs it, the tests read it. */
export type TrayAction =
  | { kind: 'fire'; robotId: string; presetId: string; confirm: boolean }
  | { kind: 'openCall'; callId: string }
  | { kind: 'copyReport'; callId: string }
  /** A preset with fill-in fields: the window opens at its form instead of firing blind. */
  | { kind: 'fillPreset'; presetId: string }
  | { kind: 'openWindow' }
  | { kind: 'startDemo' }
  | { kind: 'restartToUpdate' }
  | { kind: 'quit' };

export type TrayItem =
  | { type: 'item'; label: string; action: TrayAction | null; enabled: boolean }
  | { type: 'separator' }
  | { type: 'submenu'; label: string; items: TrayItem[] };

export type TrayState = {
  robots: readonly RobotView[];
  presets: readonly Preset[];
  /** Newest first. */
  recentCalls: readonly CallSummary[];
  /**
   * The team catalog followed (its last good version; nothing when none is
   * followed): its robots' pinned presets follow one's own, marked as the team's.
   */
  team?: { robots: readonly RobotView[]; presets: readonly Preset[] } | undefined;
  /** Beside each pinned preset: how long its calls usually run, how its last one ended; and the time now, to say how long ago. */
  runNotes?: ReadonlyMap<string, PresetRunNote> | undefined;
  now?: number | undefined;
  /** The batches the app is running now (batchLines.ts): a line each at the top, a click opens the window. */
  batches?: readonly BatchProgress[] | undefined;
  /** "Restart to update to X" once a newer Robot Tray is downloaded (updates/updateStatus.ts). */
  updateLabel?: string | undefined;
};

export type TrayIcon = { icon: 'idle' | 'waiting' | 'failed'; tooltip: string };

const RECENT = 5;
const item = (label: string, action: TrayAction | null, enabled = true): TrayItem => ({
  type: 'item',
  label,
  action,
  enabled,
});

/**
 * The tray menu, from state alone: each robot with its tray-pinned presets,
 * then the team catalog's robots with theirs, marked "(team)" (a click fires; a robot marked "confirm before firing" asks first; a
 * preset with fill-in fields opens the window at its form), the last few
 * calls (a click opens the window at that call; "Copy report" puts one's
 * Markdown report on the clipboard, for a ticket), "Restart to
 * update" once an update is downloaded, "Open Robot Tray" and a Quit that quits.
 */
export function trayMenu(state: TrayState): TrayItem[] {
  const items: TrayItem[] = [];
  const batches = state.batches ?? [];
  for (const progress of batches) items.push(item(batchLine(progress), { kind: 'openWindow' }));
  if (batches.length > 0) items.push({ type: 'separator' });
  for (const robot of state.robots) {
    const menu = robotMenu(robot, state.presets, false, noteOf(state));
    if (menu !== null) items.push(menu);
  }
  const team = state.team ?? { robots: [], presets: [] };
  for (const robot of team.robots) {
    const menu = robotMenu(robot, team.presets, true, noteOf(state));
    if (menu !== null) items.push(menu);
  }
  if (state.robots.length === 0 && team.robots.length === 0)
    items.push(item('Try the demo', { kind: 'startDemo' }));
  else if (items.length === 0) items.push(item('No presets pinned to the tray', null, false));

  items.push({ type: 'separator' });
  const recent = state.recentCalls.slice(0, RECENT);
  items.push({
    type: 'submenu',
    label: 'Recent calls',
    items:
      recent.length === 0
        ? [item('No calls yet', null, false)]
        : [
            ...recent.map((call) =>
              item(`${callTitle(call)} — ${stateLabel(call.state)}`, { kind: 'openCall', callId: call.id }),
            ),
            { type: 'separator' },
            {
              type: 'submenu',
              label: 'Copy report',
              items: recent.map((call) =>
                item(`${callTitle(call)} — ${stateLabel(call.state)}`, {
                  kind: 'copyReport',
                  callId: call.id,
                }),
              ),
            },
          ],
  });
  items.push({ type: 'separator' });
  if (state.updateLabel !== undefined) items.push(item(state.updateLabel, { kind: 'restartToUpdate' }));
  items.push(item('Open Robot Tray', { kind: 'openWindow' }));
  items.push(item('Quit Robot Tray', { kind: 'quit' }));
  return items;
}

/**
 * One robot's submenu of tray-pinned presets, or null when none is pinned.
 * A team robot (from the team catalog) is marked "(team)" and fires exactly
 * like one's own: the core finds it by its id.
 */
function robotMenu(
  robot: RobotView,
  presets: readonly Preset[],
  team: boolean,
  note: (presetId: string) => string,
): TrayItem | null {
  const pinned = presets.filter((p) => p.robotId === robot.id && p.pinnedToTray);
  if (pinned.length === 0) return null;
  const label = robot.name + (team ? ' (team)' : '') + (robot.confirmBeforeFiring ? ' (asks first)' : '');
  return {
    type: 'submenu',
    label,
    items: pinned.map((preset) =>
      robot.hasToken
        ? preset.fields.length > 0
          ? item(`${preset.name}…${note(preset.id)}`, { kind: 'fillPreset', presetId: preset.id })
          : item(preset.name + (robot.confirmBeforeFiring ? '…' : '') + note(preset.id), {
              kind: 'fire',
              robotId: robot.id,
              presetId: preset.id,
              confirm: robot.confirmBeforeFiring,
            })
        : item(`${preset.name} (${noTokenReason(robot, team)})`, null, false),
    ),
  };
}

/** " — usually done in 30–45 s · last done 2 h ago" after a preset's name, or nothing. */
function noteOf(state: TrayState): (presetId: string) => string {
  return (presetId) => {
    const note = state.runNotes?.get(presetId);
    const text = note === undefined ? null : presetNoteText(note, state.now ?? Date.now());
    return text === null ? '' : ` — ${text}`;
  };
}

function noTokenReason(robot: RobotView, team: boolean): string {
  if (robot.tokenSuspended !== null) return 'token not confirmed for its new address';
  // A team robot's token is set on this desk, in the window's Team group.
  return team ? 'token needed' : 'no token yet';
}

export function callTitle(call: Pick<CallSummary, 'robotName' | 'presetName'>): string {
  return call.presetName === null ? call.robotName : `${call.robotName} · ${call.presetName}`;
}

/**
 * Which icon the tray shows: a batch running (its progress in the tooltip)
 * or something waiting (the count) wins over the last run failing, which
 * wins over idle.
 */
export function trayIcon(
  recentCalls: readonly CallSummary[],
  watching: number,
  batches: readonly BatchProgress[] = [],
): TrayIcon {
  const [first, ...more] = batches;
  if (first !== undefined) {
    const others = more.length === 0 ? '' : ` (and ${more.length.toString()} more)`;
    return { icon: 'waiting', tooltip: `Robot Tray: batch ${batchLine(first)}${others}` };
  }
  if (watching > 0) {
    return {
      icon: 'waiting',
      tooltip: `Robot Tray: ${watching} call${watching === 1 ? '' : 's'} waiting`,
    };
  }
  const last = recentCalls.find((c) => c.state !== 'sending' && c.state !== 'waiting');
  // Stopped is the user's own doing (or a watch deadline), not a failed run.
  if (last !== undefined && last.state !== 'done' && last.state !== 'stopped') {
    return {
      icon: 'failed',
      tooltip: `Robot Tray: last run ${stateLabel(last.state).toLowerCase()} (${callTitle(last)})`,
    };
  }
  return { icon: 'idle', tooltip: 'Robot Tray' };
}
