import type { AppCore } from '../../../core/appCore.ts';
import type { DemoStatus, Navigation } from '../../../shared/events.ts';
import type { AppInfo } from '../../../shared/ipc/contract/app.ts';

/** What a native open dialog is asked for: its title and which files it offers. */
export type FileChoice = {
  title: string;
  filters: Array<{ name: string; extensions: string[] }>;
};

/** What a native save dialog is asked for: its title, the name it proposes, and the kinds of file. */
export type SaveChoice = FileChoice & { defaultName: string };

/** A yes/no question main asks the person itself (a native dialog), never the window. */
export type Confirmation = {
  title: string;
  message: string;
  detail: string;
  /** The label of the button that says yes; the other one cancels (and is the default). */
  confirmLabel: string;
};

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
  /**
   * Asks the person for one file in the operating system's open dialog, shown
   * by main: the path comes from them, never from the window. Null when
   * cancelled.
   */
  chooseFile: (choice: FileChoice) => Promise<string | null>;
  /** Asks the person where to save a file, in the save dialog shown by main. Null when cancelled. */
  chooseSaveFile: (choice: SaveChoice) => Promise<string | null>;
  /**
   * The file the person just dropped onto the window, as the preload told
   * main (a trusted drop, a path only the operating system gives), taken
   * once; null when none came.
   */
  takeDroppedFile: () => Promise<string | null>;
  /** Asks the person in a native dialog shown by main; resolves true only if they said yes. */
  confirm: (question: Confirmation) => Promise<boolean>;
};
