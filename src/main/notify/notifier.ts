import { Notification } from 'electron';
import type { AppEvent } from '../../shared/events.ts';
import type { Settings } from '../../shared/models/settings.ts';
import { batchNotification } from '../tray/batchLines.ts';
import { notificationFor } from './notificationFor.ts';

/**
 * Shows a native notification for each call change the rule picks (a click
 * opens the window at that call) and one when a batch the app runs ends (a
 * click opens the window). Shown notifications are held until closed:
 * one that is garbage-collected loses its click handler (electron#12690).
 */
export function startNotifier(options: {
  subscribe: (listener: (event: AppEvent) => void) => () => void;
  settings: () => Settings;
  openCall: (callId: string) => void;
  showWindow: () => void;
}): () => void {
  const shown = new Set<Notification>();
  const show = (text: { title: string; body: string }, onClick: () => void) => {
    const notification = new Notification({ title: text.title, body: text.body });
    shown.add(notification);
    notification.on('click', onClick);
    notification.on('close', () => shown.delete(notification));
    notification.show();
  };
  return options.subscribe((event) => {
    if (!Notification.isSupported()) return;
    if (event.type === 'batch') {
      // One notification when a batch ends, with its counts; its rows' calls notify by their own rule.
      const text = options.settings().notifications ? batchNotification(event.progress) : null;
      if (text !== null) show(text, options.showWindow);
      return;
    }
    if (event.type !== 'calls.changed') return;
    for (const change of event.changes) {
      const text = notificationFor(change, options.settings());
      if (text !== null) show(text, () => options.openCall(text.callId));
    }
  });
}
