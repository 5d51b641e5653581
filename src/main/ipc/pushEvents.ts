import type { AppEvent } from '../../shared/events.ts';
import { EVENT_CHANNEL } from '../../shared/ipc/channels.ts';

/** The part of a window that events need; a BrowserWindow fits. */
export type EventTarget = {
  isDestroyed(): boolean;
  webContents: { send(channel: string, payload: unknown): void };
  once(event: 'closed', listener: () => void): unknown;
};

/** A source of events to forward, e.g. the core (mapped to AppEvents) and the shell's own. */
export type EventSource = (listener: (event: AppEvent) => void) => () => void;

/**
 * Forward events to one window on the one event channel, for as long as it
 * exists: subscribed when the window is created, unsubscribed when it closes,
 * so a hidden-then-destroyed window is never sent to and holds nothing.
 */
export function pushEvents(window: EventTarget, source: EventSource): () => void {
  let unsubscribe: (() => void) | undefined = source((event) => {
    if (window.isDestroyed()) return;
    window.webContents.send(EVENT_CHANNEL, event);
  });
  const stop = () => {
    unsubscribe?.();
    unsubscribe = undefined;
  };
  window.once('closed', stop);
  return stop;
}
