import { create } from 'zustand';
import type { Navigation } from '../../../shared/events.ts';
import type { JsonObject } from '../../../shared/models/json.ts';
import type { HttpMethod } from '../../../shared/models/preset.ts';
import type { RobotView } from '../../../shared/models/robotView.ts';
import type { ImportOffer } from '../../../shared/ipc/contract/sharing.ts';
import { reconcileSelection } from './reducers/catalog.ts';

export type Theme = 'system' | 'light' | 'dark';
export type View = 'robots' | 'settings';

/** A dialog open over the window; one at a time. */
export type Dialog =
  | { kind: 'addRobot' }
  | { kind: 'editRobot'; robotId: string }
  | { kind: 'removeRobot'; robotId: string }
  | { kind: 'newPreset'; robotId: string }
  | { kind: 'editPreset'; presetId: string; fireWithChanges?: boolean }
  | { kind: 'removePreset'; presetId: string }
  | { kind: 'confirmFire'; presetId: string; override?: { method: HttpMethod; args: JsonObject } }
  | { kind: 'export' }
  | { kind: 'import'; offer: ImportOffer }
  /** A preset with fill-in fields: its values are asked for before anything is sent. */
  | { kind: 'fillFields'; presetId: string; override?: { method: HttpMethod; args: JsonObject } }
  /** A robot-tray:// link's run, read by main: shown to confirm, never fired by itself. */
  | { kind: 'openRun'; presetId: string; fields: Record<string, string> }
  | { kind: 'linkProblem'; message: string }
  /** A preset fired once for every row of a table (a batch). */
  | { kind: 'batch'; presetId: string };

type UiState = {
  view: View;
  selectedRobotId: string | null;
  selectedCallId: string | null;
  dialog: Dialog | null;
  theme: Theme;
};

const THEME_KEY = 'robot-tray.theme';

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export const useUi = create<UiState>(() => ({
  view: 'robots',
  selectedRobotId: null,
  selectedCallId: null,
  dialog: null,
  theme: storedTheme(),
}));

export function selectRobot(robotId: string | null): void {
  useUi.setState({ selectedRobotId: robotId, view: 'robots' });
}

export function selectCall(callId: string | null): void {
  useUi.setState({ selectedCallId: callId });
}

export function showView(view: View): void {
  useUi.setState({ view });
}

export function openDialog(dialog: Dialog): void {
  useUi.setState({ dialog });
}

export function closeDialog(): void {
  useUi.setState({ dialog: null });
}

/** After the catalog changed: keep the selected robot if it still exists. */
export function reconcileRobotSelection(robots: readonly RobotView[]): void {
  const current = useUi.getState().selectedRobotId;
  const next = reconcileSelection(current, robots);
  if (next !== current) useUi.setState({ selectedRobotId: next });
}

/**
 * A tray or notification click shows that call, or a pinned preset's fill-in
 * form; a link shows its robot and the run to confirm, or why it cannot.
 */
export function applyNavigation(
  to: Navigation,
  robotOfPreset?: (presetId: string) => string | undefined,
): void {
  switch (to.view) {
    case 'call':
      useUi.setState({ selectedCallId: to.callId, view: 'robots' });
      break;
    case 'fillPreset': {
      const robotId = robotOfPreset?.(to.presetId);
      useUi.setState({
        view: 'robots',
        ...(robotId === undefined ? {} : { selectedRobotId: robotId }),
        dialog: { kind: 'fillFields', presetId: to.presetId },
      });
      break;
    }
    case 'run':
      useUi.setState({
        selectedRobotId: to.robotId,
        view: 'robots',
        dialog: to.presetId === null ? null : { kind: 'openRun', presetId: to.presetId, fields: to.fields },
      });
      break;
    case 'linkProblem':
      useUi.setState({ dialog: { kind: 'linkProblem', message: to.message } });
      break;
  }
}

/** The theme lives only in this window (page storage), applied on <html data-theme>. */
export function setTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage can be unavailable; the choice still holds until the window closes.
  }
  applyTheme(theme);
  useUi.setState({ theme });
}

export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = theme;
}
