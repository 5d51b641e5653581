import { clipboard, dialog, Notification } from 'electron';
import type { AppCore } from '../core/appCore.ts';
import { AppError } from '../core/errors.ts';
import { callReport } from '../shared/report/callReport.ts';
import type { TrayAction } from './tray/trayMenu.ts';

export type TrayActionDeps = {
  core: AppCore;
  /** Robot Tray's version, named in a copied report. */
  appVersion: string;
  showWindow: () => void;
  openCall: (callId: string) => void;
  /** Show the window at a preset's fill-in form. */
  openPresetForm: (presetId: string) => void;
  startDemo: () => Promise<unknown>;
  restartToUpdate: () => void;
  quit: () => void;
};

/** Does what a tray item's action says. Failures become a notification, never a crash. */
export async function performTrayAction(action: TrayAction, deps: TrayActionDeps): Promise<void> {
  try {
    switch (action.kind) {
      case 'fire': {
        if (action.confirm && !(await confirmFire(deps.core, action.robotId, action.presetId))) return;
        // Fired from the tray: the user is not looking at the window, so the end is notified.
        await deps.core.fire(action.robotId, { presetId: action.presetId }, { notifyOnFinish: true });
        return;
      }
      case 'openCall':
        deps.openCall(action.callId);
        return;
      case 'copyReport':
        // Built by the same function as the window's and the CLI's report.
        clipboard.writeText(callReport(deps.core.callDetail(action.callId), { appVersion: deps.appVersion }));
        return;
      case 'fillPreset':
        deps.openPresetForm(action.presetId);
        return;
      case 'openWindow':
        deps.showWindow();
        return;
      case 'startDemo':
        await deps.startDemo();
        deps.showWindow();
        return;
      case 'restartToUpdate':
        deps.restartToUpdate();
        return;
      case 'quit':
        deps.quit();
        return;
    }
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : 'Robot Tray hit an unexpected error. Try again from the window.';
    if (Notification.isSupported()) new Notification({ title: 'Robot Tray', body: message }).show();
  }
}

async function confirmFire(core: AppCore, robotId: string, presetId: string): Promise<boolean> {
  const robot = await core.getRobot(robotId);
  const preset = (await core.listPresets(robotId)).find((p) => p.id === presetId);
  const { response } = await dialog.showMessageBox({
    type: 'question',
    buttons: ['Fire', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: `Fire ${robot.name}${preset === undefined ? '' : ` with "${preset.name}"`}?`,
    detail: 'This robot asks before it is fired from the tray.',
  });
  return response === 0;
}
