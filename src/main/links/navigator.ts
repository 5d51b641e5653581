import type { Navigation } from '../../shared/events.ts';

/**
 * Taking the window somewhere (a call, a link's run): sent as an event when
 * the window listens, else kept until the loading window asks for it
 * (takeNavigation), once. The window is shown either way.
 */
export function createNavigator(window: { listening(): boolean; send(to: Navigation): void; show(): void }) {
  let pending: Navigation | null = null;
  return {
    go(to: Navigation): void {
      if (window.listening()) window.send(to);
      else pending = to;
      window.show();
    },
    take(): Navigation | null {
      const to = pending;
      pending = null;
      return to;
    },
  };
}
