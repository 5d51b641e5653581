/**
 * Every timer the sandbox starts (flow waits, injected latency, slow bodies)
 * goes through here so close() can cancel them all. Plain setTimeout: Node
 * keeps one list per duration, so 5,000 waiting calls cost little (see the
 * load figures in docs/performance.md).
 */
export type Scheduler = {
  after(ms: number, run: () => void): () => void;
  cancelAll(): void;
  pending(): number;
};

export function createScheduler(): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  return {
    after(ms, run) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
      return () => {
        clearTimeout(timer);
        timers.delete(timer);
      };
    },
    cancelAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    pending: () => timers.size,
  };
}
