import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { AppEvent } from '../shared/events.ts';
import type { RobotTrayApi } from '../shared/ipc/api.ts';
import type { MethodName, RequestOf, ResponseOf } from '../shared/ipc/contract.ts';
import type { IpcResult } from '../shared/ipc/result.ts';
import { channelOf, DROPPED_FILE_CHANNEL, EVENT_CHANNEL } from '../shared/ipc/channels.ts';
import { droppedFilePath, type DropLike } from './droppedFile.ts';

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
  describeRobotCaFile: invoke('describeRobotCaFile'),
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
  lastFieldValues: invoke('lastFieldValues'),
  reorderPresets: invoke('reorderPresets'),
  fire: invoke('fire'),
  curlCommand: invoke('curlCommand'),
  listCalls: invoke('listCalls'),
  getCall: invoke('getCall'),
  getCallResponseStart: invoke('getCallResponseStart'),
  showingCall: invoke('showingCall'),
  stopCall: invoke('stopCall'),
  resumeCall: invoke('resumeCall'),
  checkCall: invoke('checkCall'),
  refireCall: invoke('refireCall'),
  forgetCall: invoke('forgetCall'),
  clearFinished: invoke('clearFinished'),
  adoptWaitingCalls: invoke('adoptWaitingCalls'),
  saveCall: invoke('saveCall'),
  openSavedCall: invoke('openSavedCall'),
  openDroppedCall: invoke('openDroppedCall'),
  getSettings: invoke('getSettings'),
  updateSettings: invoke('updateSettings'),
  chooseSettingsCaFile: invoke('chooseSettingsCaFile'),
  describeSettingsCaFile: invoke('describeSettingsCaFile'),
  clearSettingsCaFile: invoke('clearSettingsCaFile'),
  exportRobots: invoke('exportRobots'),
  chooseImportFile: invoke('chooseImportFile'),
  planImport: invoke('planImport'),
  applyImport: invoke('applyImport'),
  getTeamCatalog: invoke('getTeamCatalog'),
  chooseTeamCatalog: invoke('chooseTeamCatalog'),
  stopTeamCatalog: invoke('stopTeamCatalog'),
  copyTeamRobot: invoke('copyTeamRobot'),
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

// A file dropped onto the window: its path is read here, where the page
// cannot reach, from the trusted drop event, and told to main before the
// page's own drop handler runs (capture phase on window, registered before
// any page script) and so before the page asks main to open it
// (openDroppedCall). The page never learns the path, and cannot make main
// read a file the person did not drop (docs/SECURITY.md).
// The preload is typed without the DOM's types: the window's drop listener, as far as it is used.
const page = globalThis as unknown as {
  addEventListener(type: 'drop', listener: (event: DropLike) => void, options: { capture: true }): void;
};
page.addEventListener(
  'drop',
  (event) => {
    const path = droppedFilePath(event, (file) => webUtils.getPathForFile(file));
    if (path !== null) ipcRenderer.send(DROPPED_FILE_CHANNEL, path);
  },
  { capture: true },
);
