import { lazy, Suspense, type ComponentProps } from 'react';

const JsonViewer = lazy(() => import('./JsonViewer.tsx'));

/** The JSON viewer in its own chunk, fetched the first time a response is shown. */
export function LazyJsonViewer(props: ComponentProps<typeof JsonViewer>) {
  return (
    <Suspense fallback={<p className="json-status">Loading the JSON viewer…</p>}>
      <JsonViewer {...props} />
    </Suspense>
  );
}
