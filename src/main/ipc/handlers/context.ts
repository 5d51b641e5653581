import type { AppCore } from '../../../core/appCore.ts';
import type { DemoStatus, Navigation } from '../../../shared/events.ts';
import type { AppInfo } from '../../../shared/ipc/contract/app.ts';

/**
 * What the handlers need: the core, and the few things only the shell knows
 * (who we are, the demo, where a click asked the window to go, the browser).
 * Free of electron so the browser tests put the very same handlers behind a
 * Chromium page.
 */
export type HandlerContext = {
  core: AppCore;
  appInfo: () => AppInfo;
  demo: {
    status: () => DemoStatus;
    start: () => Promise<DemoStatus>;
    remove: () => Promise<DemoStatus>;
  };
  /** Returns and clears the navigation waiting for the window, if any. */
  takeNavigation: () => Navigation | null;
  /** Opens a link in the user's browser; only called with an https URL. */
  openExternal: (url: string) => void | Promise<void>;
};
