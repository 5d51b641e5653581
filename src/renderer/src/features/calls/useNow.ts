import { useSyncExternalStore } from 'react';

// One clock for every waiting badge: a single interval, running only while
// something shows a live time.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, updated each second while `live`. */
export function useNow(live: boolean): number {
  return useSyncExternalStore(live ? subscribe : noSubscribe, () => (live ? now : 0));
}

const noSubscribe = () => () => undefined;
