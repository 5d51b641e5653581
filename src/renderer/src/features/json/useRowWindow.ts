import { useCallback, useEffect, useState, type RefObject } from 'react';
import { rowWindow, scrollTopFor } from './model/rowWindow.ts';

/**
 * The rows of `scroller` in view. The height comes from a ResizeObserver, so
 * the first render forces no layout; scrolling sets state once per event.
 */
export function useRowWindow(scroller: RefObject<HTMLElement | null>, count: number, rowPx: number) {
  const [view, setView] = useState({ top: 0, height: 600 });
  useEffect(() => {
    const el = scroller.current;
    if (el === null) return;
    const onScroll = () => setView((v) => (v.top === el.scrollTop ? v : { ...v, top: el.scrollTop }));
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.contentRect.height ?? 600;
      setView((v) => (v.height === height ? v : { ...v, height }));
    });
    observer.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [scroller]);
  const scrollTo = useCallback(
    (i: number) => {
      const el = scroller.current;
      if (el === null) return;
      const top = scrollTopFor(i, count, rowPx, view.height, el.scrollTop);
      if (top !== null) el.scrollTop = top;
    },
    [scroller, count, rowPx, view.height],
  );
  return { ...rowWindow(count, rowPx, view.height, view.top), scrollTo };
}
