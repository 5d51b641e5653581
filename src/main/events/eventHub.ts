import type { AppCore } from '../../core/appCore.ts';
import type { AppEvent } from '../../shared/events.ts';
import { toAppEvent } from '../ipc/appEvents.ts';

/**
 * Every AppEvent in one place: the core's (as window events) and the shell's
 * own (demo, navigation). The window, the tray and notifications subscribe here.
 */
export class EventHub {
  readonly #listeners = new Set<(event: AppEvent) => void>();
  readonly #stopCore: () => void;

  constructor(core: Pick<AppCore, 'subscribe'> & Partial<Pick<AppCore, 'summary' | 'dataDir'>>) {
    this.#stopCore = core.subscribe((event) => this.emit(toAppEvent(event, core.summary, core.dataDir)));
  }

  subscribe = (listener: (event: AppEvent) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  emit(event: AppEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        // One failing listener (a window mid-close) must not starve the others.
        console.warn(
          `robot-tray: an event listener failed (${error instanceof Error ? error.name : 'error'})`,
        );
      }
    }
  }

  close(): void {
    this.#stopCore();
    this.#listeners.clear();
  }
}
