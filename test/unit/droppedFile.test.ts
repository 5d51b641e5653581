import { afterEach, describe, expect, test, vi } from 'vitest';
import { DROPPED_FILE_CHANNEL } from '../../src/shared/ipc/channels.ts';
import { droppedFilePath } from '../../src/preload/droppedFile.ts';

vi.mock('electron', () => ({ ipcMain: { handle: () => undefined, removeHandler: () => undefined } }));
const { DroppedFiles } = await import('../../src/main/ipc/droppedFiles.ts');

const file = new File(['{}'], 'call.json');
/** Electron's webUtils.getPathForFile, standing in: a path only for the file the OS handed over. */
const pathOf = (f: File) => (f === file ? '/home/ana/Downloads/call.json' : '');

describe('a dropped file, in the preload', () => {
  test('only a trusted drop of one file the system gave a path is told to main', () => {
    const drop = (isTrusted: boolean, files: File[]) =>
      droppedFilePath({ isTrusted, dataTransfer: { files } }, pathOf);
    expect(drop(true, [file])).toBe('/home/ana/Downloads/call.json');
    // A drop event the page dispatched itself, with the very same file: ignored.
    expect(drop(false, [file])).toBeNull();
    // A File the page built: the system gives it no path.
    expect(drop(true, [new File(['{}'], '/etc/passwd')])).toBeNull();
    expect(drop(true, [file, file])).toBeNull();
    expect(drop(true, [])).toBeNull();
    expect(droppedFilePath({ isTrusted: true, dataTransfer: null }, pathOf)).toBeNull();
  });
});

describe('a dropped file, in main', () => {
  afterEach(() => vi.useRealTimers());

  function listening() {
    let listener: ((event: unknown, file: unknown) => void) | undefined;
    const files = new DroppedFiles(
      {
        on: ((channel: string, fn: (event: unknown, file: unknown) => void) => {
          expect(channel).toBe(DROPPED_FILE_CHANNEL);
          listener = fn;
        }) as never,
      },
      undefined,
    );
    const send = (url: string, path: unknown, parent: unknown = null) =>
      listener!({ senderFrame: { url, parent } }, path);
    return { files, send };
  }

  test('a path from the Robot Tray window is taken once; from anything else, or not a path, ignored', async () => {
    vi.useFakeTimers();
    const { files, send } = listening();
    send('app://robot-tray/index.html', '/home/ana/call.json');
    expect(await files.take()).toBe('/home/ana/call.json');
    send('https://evil.example/', '/home/ana/.ssh/id_ed25519');
    send('app://robot-tray/index.html', '/home/ana/.ssh/id_ed25519', { url: 'app://robot-tray/' });
    send('app://robot-tray/index.html', { path: '/etc/shadow' });
    send('app://robot-tray/index.html', '');
    const none = files.take();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await none).toBeNull();
  });

  test('the window asking before the preload told main still gets the file', async () => {
    const { files, send } = listening();
    const taken = files.take();
    send('app://robot-tray/index.html', '/home/ana/call.json');
    expect(await taken).toBe('/home/ana/call.json');
  });
});
