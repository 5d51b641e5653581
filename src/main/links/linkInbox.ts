/** The part of Electron's `app` that links arrive through; Electron's app fits. */
export type LinkSource = {
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
};

export type LinkHandlers = {
  /** A robot-tray:// link to read and show (never fired by itself). */
  openLink(text: string): void;
  /** Robot Tray was launched again without a link: show the window. */
  showWindow(): void;
};

/**
 * The robot-tray:// link in a command line, if any: Windows and Linux pass it
 * as an argument of the launch (the first start's, or a second launch's
 * handed over with second-instance). Only the scheme is checked here; main
 * reads the link itself with parseFireLink.
 */
export function linkInArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => /^robot-tray:/i.test(arg));
}

/**
 * Links reach Robot Tray three ways: on the first start's command line, on a
 * second launch's (second-instance, Windows and Linux), and as open-url
 * (macOS), which can come before the app is ready. Listening starts at once,
 * so none is lost; links are handed on once the shell can show them (start).
 */
export function listenForLinks(app: LinkSource, firstArgv: readonly string[]) {
  const early: string[] = [];
  const first = linkInArgv(firstArgv);
  if (first !== undefined) early.push(first);
  let handlers: LinkHandlers | undefined;
  let startedByLink = first !== undefined;
  const receive = (text: string) => {
    if (handlers !== undefined) return handlers.openLink(text);
    early.push(text);
    startedByLink = true;
  };
  app.on('open-url', (event, url) => {
    // Handled here: macOS would otherwise try another app for the link.
    event.preventDefault();
    receive(url);
  });
  app.on('second-instance', (_event, argv) => {
    const link = linkInArgv(argv);
    if (link !== undefined) receive(link);
    else handlers?.showWindow();
  });
  return {
    /** Whether a link came with the start (then the window opens for it). */
    startedByLink: () => startedByLink,
    start(next: LinkHandlers): void {
      handlers = next;
      for (const text of early.splice(0)) next.openLink(text);
    },
  };
}

export type LinkInbox = ReturnType<typeof listenForLinks>;
