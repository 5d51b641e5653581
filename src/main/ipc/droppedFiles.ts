import type { IpcMain, IpcMainEvent } from 'electron';
import { DROPPED_FILE_CHANNEL } from '../../shared/ipc/channels.ts';
import { senderRefusal } from './register.ts';

/** How long main waits for the preload's word of a drop the window says it saw. */
const DROP_WAIT_MS = 2_000;
/** How long a dropped file may wait for the window to ask for it. */
const DROP_KEPT_MS = 10_000;
/** No path is longer on any system Robot Tray runs on. */
const MAX_PATH_CHARS = 32_767;

/**
 * The file the person last dropped onto the window, as the preload read it
 * from a trusted drop event (src/preload/droppedFile.ts), kept for the
 * window's openDroppedCall to take, once. A message from anything but the
 * Robot Tray window's main frame is ignored, as every IPC request is.
 */
export class DroppedFiles {
  #last: { file: string; at: number } | null = null;
  #waiting: Array<(file: string) => void> = [];

  constructor(ipc: Pick<IpcMain, 'on'>, devServerUrl: string | undefined) {
    ipc.on(DROPPED_FILE_CHANNEL, (event: IpcMainEvent, file: unknown) => {
      if (senderRefusal(event, devServerUrl) !== undefined) return;
      if (typeof file !== 'string' || file === '' || file.length > MAX_PATH_CHARS) return;
      this.put(file);
    });
  }

  put(file: string): void {
    const waiter = this.#waiting.shift();
    if (waiter !== undefined) waiter(file);
    else this.#last = { file, at: Date.now() };
  }

  /**
   * The dropped file, taken; waits a moment for one (the preload's message
   * and the window's request travel apart), null when none comes.
   */
  take(): Promise<string | null> {
    const last = this.#last;
    this.#last = null;
    if (last !== null && Date.now() - last.at <= DROP_KEPT_MS) return Promise.resolve(last.file);
    return new Promise((resolve) => {
      const waiter = (file: string) => {
        clearTimeout(timer);
        resolve(file);
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        resolve(null);
      }, DROP_WAIT_MS);
      this.#waiting.push(waiter);
    });
  }
}
