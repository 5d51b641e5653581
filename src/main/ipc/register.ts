import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { channelOf } from '../../shared/ipc/channels.ts';
import { methodNames } from '../../shared/ipc/contract.ts';
import { isTrustedRendererUrl } from '../trustedUrl.ts';
import { dispatch } from './dispatch.ts';
import type { Handlers } from './handlers.ts';

/**
 * Register one ipcMain handler per contract method. Before anything runs, the
 * sender must be a main frame whose URL is ours (VS Code's ipcMain habit):
 * an iframe or a navigated-away page gets nothing.
 */
export function registerIpc(handlers: Handlers, devServerUrl: string | undefined): () => void {
  for (const method of methodNames) {
    ipcMain.handle(channelOf(method), (event: IpcMainInvokeEvent, payload: unknown) => {
      if (!isTrustedSender(event, devServerUrl)) {
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: 'Request refused: it did not come from the Robot Tray window.',
          },
        };
      }
      return dispatch(handlers, method, payload);
    });
  }
  return () => {
    for (const method of methodNames) ipcMain.removeHandler(channelOf(method));
  };
}

function isTrustedSender(event: IpcMainInvokeEvent, devServerUrl: string | undefined): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isTrustedRendererUrl(frame.url, devServerUrl);
}
