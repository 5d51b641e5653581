import type { CallChange } from '../../shared/events.ts';
import { isActive } from '../../shared/models/call.ts';
import type { Settings } from '../../shared/models/settings.ts';
import { callOutcome } from '../../shared/sentences/callOutcome.ts';
import { callTitle } from '../tray/trayMenu.ts';

export type NotificationText = { title: string; body: string; callId: string };

/**
 * Which call change notifies, with what text. A call notifies once, when it
 * moves from sending or waiting to any final state, if it was fired from the
 * tray or from a preset marked "notify" (both set notifyOnFinish) and
 * notifications are on. The body is the shared outcome sentence.
 */
export function notificationFor(
  change: CallChange,
  settings: Pick<Settings, 'notifications'>,
): NotificationText | null {
  const { call, from } = change;
  if (!settings.notifications || !call.notifyOnFinish) return null;
  if (isActive(call.state) || from === null || !isActive(from)) return null;
  return { title: callTitle(call), body: callOutcome(call), callId: call.id };
}
