import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { channelOf } from '../../shared/ipc/channels.ts';
import { methodNames } from '../../shared/ipc/contract.ts';
import { isTrustedRendererUrl } from '../trustedUrl.ts';
import { dispatch, type RefusalLog } from './dispatch.ts';
import type { Handlers } from './handlers.ts';

const defaultLog: RefusalLog = (method, reason) =>
  console.warn(`robot-tray: IPC ${method} refused: ${reason}`);

/**
 * Register one ipcMain handler per contract method. Before anything runs, the
 * sender must be a main frame whose URL is ours (VS Code's ipcMain habit):
 * an iframe or a navigated-away page gets nothing, and the refusal is logged
 * with its reason (never the payload).
 */
export function registerIpc(
  handlers: Handlers,
  devServerUrl: string | undefined,
  log: RefusalLog = defaultLog,
): () => void {
  for (const method of methodNames) {
    ipcMain.handle(channelOf(method), (event: IpcMainInvokeEvent, payload: unknown) => {
      const refusal = senderRefusal(event, devServerUrl);
      if (refusal !== undefined) {
        log(method, refusal);
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: 'Request refused: it did not come from the Robot Tray window.',
          },
        };
      }
      return dispatch(handlers, method, payload, log);
    });
  }
  return () => {
    for (const method of methodNames) ipcMain.removeHandler(channelOf(method));
  };
}

/** Why a sender may not talk to main, or undefined when it may. */
export function senderRefusal(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  devServerUrl: string | undefined,
): string | undefined {
  const frame = event.senderFrame;
  if (!frame) return 'sender frame is gone';
  if (frame.parent !== null) return 'sender is a subframe';
  if (!isTrustedRendererUrl(frame.url, devServerUrl)) return 'sender page is not the Robot Tray window';
  return undefined;
}
