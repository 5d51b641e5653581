import { Notification } from 'electron';
import type { AppEvent } from '../../shared/events.ts';
import type { Settings } from '../../shared/models/settings.ts';
import { notificationFor } from './notificationFor.ts';

/**
 * Shows a native notification for each call change the rule picks; a click
 * opens the window at that call. Shown notifications are held until closed:
 * one that is garbage-collected loses its click handler (electron#12690).
 */
export function startNotifier(options: {
  subscribe: (listener: (event: AppEvent) => void) => () => void;
  settings: () => Settings;
  openCall: (callId: string) => void;
}): () => void {
  const shown = new Set<Notification>();
  return options.subscribe((event) => {
    if (event.type !== 'calls.changed' || !Notification.isSupported()) return;
    for (const change of event.changes) {
      const text = notificationFor(change, options.settings());
      if (text === null) continue;
      const notification = new Notification({ title: text.title, body: text.body });
      shown.add(notification);
      notification.on('click', () => options.openCall(text.callId));
      notification.on('close', () => shown.delete(notification));
      notification.show();
    }
  });
}
