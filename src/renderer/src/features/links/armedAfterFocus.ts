import { useEffect, useState } from 'react';
import { ARMING_DELAY_MS } from '../../../../shared/links/linkArming.ts';

/**
 * False for ARMING_DELAY_MS after mounting and after each time the window
 * gains focus; true otherwise. Driven by the page's own timers, so a test
 * moves it with a fake clock instead of waiting.
 */
export function useArmedAfterFocus(delayMs = ARMING_DELAY_MS): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setArmed(true), delayMs);
    const disarm = () => {
      setArmed(false);
      clearTimeout(timer);
      timer = setTimeout(() => setArmed(true), delayMs);
    };
    window.addEventListener('focus', disarm);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', disarm);
    };
  }, [delayMs]);
  return armed;
}
