import { useEffect, useRef, useState } from 'react';

/**
 * `value`, taken up at most once every `ms`: a change after a quiet spell at
 * once, the changes within the wait as one at its end (the latest of them).
 * For what a change only prompts to ask main again, such as the robot's
 * statistics when its newest call changes: a batch changes that call many
 * times a second, and the answer would be the same chart each time.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [taken, setTaken] = useState(value);
  const takenAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, taken)) return;
    const take = () => {
      takenAt.current = performance.now();
      setTaken(value);
    };
    const wait = takenAt.current + ms - performance.now();
    if (wait <= 0) return take();
    const timer = setTimeout(take, wait);
    return () => clearTimeout(timer);
  }, [value, taken, ms]);
  return taken;
}
