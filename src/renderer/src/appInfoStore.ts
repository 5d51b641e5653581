import { create } from 'zustand';
import type { ResponseOf } from '../../shared/ipc/contract.ts';

type AppInfo = ResponseOf<'getAppInfo'>;

type AppInfoState =
  { status: 'loading' } | { status: 'ready'; info: AppInfo } | { status: 'error'; message: string };

export const useAppInfo = create<{ state: AppInfoState }>(() => ({ state: { status: 'loading' } }));

/** Ask main who we are; the window shows the answer or a clear reason why not. */
export async function loadAppInfo(): Promise<void> {
  const bridge = (window as Partial<Window>).robotTray;
  if (bridge === undefined) {
    useAppInfo.setState({
      state: {
        status: 'error',
        message: 'The Robot Tray bridge is missing: open this page from the Robot Tray app.',
      },
    });
    return;
  }
  try {
    const result = await bridge.getAppInfo();
    useAppInfo.setState({
      state: result.ok
        ? { status: 'ready', info: result.value }
        : { status: 'error', message: result.error.message },
    });
  } catch {
    useAppInfo.setState({
      state: { status: 'error', message: 'Robot Tray did not answer. Restart the app and try again.' },
    });
  }
}
