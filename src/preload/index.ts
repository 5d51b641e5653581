import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { AppEvent } from '../shared/events.ts';
import type { RobotTrayApi } from '../shared/ipc/api.ts';
import type { MethodName, RequestOf, ResponseOf } from '../shared/ipc/contract.ts';
import type { IpcResult } from '../shared/ipc/result.ts';
import { channelOf, EVENT_CHANNEL } from '../shared/ipc/channels.ts';

// One function per contract method and nothing else: the window never holds
// ipcRenderer itself, so it cannot reach a channel outside the contract.
// Only types come from the contract, so this file stays free of zod.
function invoke<M extends MethodName>(method: M) {
  return (request?: RequestOf<M>): Promise<IpcResult<ResponseOf<M>>> =>
    ipcRenderer.invoke(channelOf(method), request ?? {});
}

function onEvent(listener: (event: AppEvent) => void): () => void {
  // Only the payload reaches the window, never Electron's event object (it holds the sender).
  const forward = (_event: IpcRendererEvent, payload: AppEvent) => listener(payload);
  ipcRenderer.on(EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  };
}

// Written out method by method and checked with `satisfies`: a contract method
// missing here, or one too many, fails the typecheck.
export const robotTray = {
  listRobots: invoke('listRobots'),
  createRobot: invoke('createRobot'),
  updateRobot: invoke('updateRobot'),
  chooseRobotCaFile: invoke('chooseRobotCaFile'),
  clearRobotCaFile: invoke('clearRobotCaFile'),
  deleteRobot: invoke('deleteRobot'),
  setToken: invoke('setToken'),
  clearToken: invoke('clearToken'),
  tokenStatus: invoke('tokenStatus'),
  confirmTokenOrigin: invoke('confirmTokenOrigin'),
  diagnoseRobot: invoke('diagnoseRobot'),
  listPresets: invoke('listPresets'),
  createPreset: invoke('createPreset'),
  updatePreset: invoke('updatePreset'),
  deletePreset: invoke('deletePreset'),
  duplicatePreset: invoke('duplicatePreset'),
  reorderPresets: invoke('reorderPresets'),
  fire: invoke('fire'),
  curlCommand: invoke('curlCommand'),
  listCalls: invoke('listCalls'),
  getCall: invoke('getCall'),
  stopCall: invoke('stopCall'),
  resumeCall: invoke('resumeCall'),
  refireCall: invoke('refireCall'),
  forgetCall: invoke('forgetCall'),
  clearFinished: invoke('clearFinished'),
  adoptWaitingCalls: invoke('adoptWaitingCalls'),
  getSettings: invoke('getSettings'),
  updateSettings: invoke('updateSettings'),
  chooseSettingsCaFile: invoke('chooseSettingsCaFile'),
  clearSettingsCaFile: invoke('clearSettingsCaFile'),
  listWarnings: invoke('listWarnings'),
  dismissWarning: invoke('dismissWarning'),
  setProxyPassword: invoke('setProxyPassword'),
  clearProxyPassword: invoke('clearProxyPassword'),
  proxyPasswordStatus: invoke('proxyPasswordStatus'),
  getAppInfo: invoke('getAppInfo'),
  getDemo: invoke('getDemo'),
  startDemo: invoke('startDemo'),
  removeDemo: invoke('removeDemo'),
  takeNavigation: invoke('takeNavigation'),
  openExternal: invoke('openExternal'),
  onEvent,
} satisfies RobotTrayApi;

contextBridge.exposeInMainWorld('robotTray', robotTray);
