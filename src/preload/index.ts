import { contextBridge, ipcRenderer } from 'electron';
import { channelOf, contractMethodNames } from '../shared/ipc/channels.ts';
import type { RobotTrayApi } from '../shared/ipc/api.ts';

// One function per contract method and nothing else: the window never holds
// ipcRenderer itself, so it cannot reach a channel outside the contract.
const api = Object.fromEntries(
  contractMethodNames.map((method) => [
    method,
    (request?: unknown) => ipcRenderer.invoke(channelOf(method), request ?? {}),
  ]),
) as RobotTrayApi;

contextBridge.exposeInMainWorld('robotTray', api satisfies RobotTrayApi);
