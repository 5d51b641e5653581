import { useEffect, useState, type ComponentProps } from 'react';
import type JsonViewer from './JsonViewer.tsx';

type Viewer = { default: typeof JsonViewer };
let loading: Promise<Viewer> | undefined;
let loaded: Viewer | undefined;

/**
 * Starts fetching the viewer's chunk before the text it will show is in
 * hand: a call's response takes a while to reach the window, and the chunk
 * then costs nothing on the way to the first rows.
 */
export function preloadJsonViewer(): Promise<Viewer> {
  loading ??= import('./JsonViewer.tsx').then((viewer) => (loaded = viewer));
  return loading;
}

/**
 * The JSON viewer in its own chunk, fetched the first time a response is
 * shown. Not React.lazy: a lazy component suspends on its first render even
 * when its chunk is in hand, and React then holds the fallback for 300 ms.
 */
export function LazyJsonViewer(props: ComponentProps<typeof JsonViewer>) {
  const [viewer, setViewer] = useState<Viewer | Error | undefined>(loaded);
  useEffect(() => {
    if (viewer !== undefined) return;
    let live = true;
    preloadJsonViewer().then(
      (v) => live && setViewer(v),
      (error: unknown) => live && setViewer(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [viewer]);
  if (viewer === undefined) return <p className="json-status">Loading the JSON viewer…</p>;
  if (viewer instanceof Error) {
    return (
      <p className="json-status error" role="alert">
        The JSON viewer could not be loaded ({viewer.message}). Restart Robot Tray to try again.
      </p>
    );
  }
  return <viewer.default {...props} />;
}
