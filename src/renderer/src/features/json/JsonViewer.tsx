import { useState } from 'react';
import { copyText, downloadText } from './copyText.ts';
import { JsonToolbar } from './JsonToolbar.tsx';
import { JsonTree } from './JsonTree.tsx';
import { RawView } from './RawView.tsx';
import { SelectionBar } from './SelectionBar.tsx';
import { useJsonDocument, type JsonDocument, type TextStart } from './useJsonDocument.ts';
import { useSearch } from './useSearch.ts';
import { INITIAL_DEPTH, useTreeState } from './useTreeState.ts';
import './json.css';

type Props = {
  /** The document as JSON text, exactly as received; undefined while it is on its way. */
  text: string | undefined;
  /** The text's start while the whole is on its way: its first rows show meanwhile. */
  start?: TextStart | undefined;
  label?: string;
  fileName?: string;
  /** How many levels start open (2: the root and its children). */
  initialDepth?: number;
};

/**
 * The JSON viewer: parsed in a worker, rendered row by row. Loaded lazily
 * (see LazyJsonViewer) so the window starts without it. It can be shown
 * before its text is in hand (a call's response takes a while to reach the
 * window): what is drawn then is ready, and the text's arrival only adds
 * the rows.
 */
export default function JsonViewer(props: Props) {
  const source = props.text ?? props.start;
  if (source === undefined) {
    return (
      <p className="json-status" aria-busy="true">
        Reading the JSON…
        <FontWarmUp />
      </p>
    );
  }
  // One viewer from the start's rows to the whole's: what was opened meanwhile stays open.
  return <DocumentViewer {...props} source={source} />;
}

/**
 * A few characters in each of the rows' fonts, out of sight, while the text
 * is on its way: the first layout of text in a font loads that font (in
 * Chromium on Linux, 40-150 ms in one task), and it is done now, not in
 * the frame that draws the first rows.
 */
function FontWarmUp() {
  return (
    <span className="json-font-warm-up" aria-hidden="true">
      <span className="json-row">{'{"0": [null]}'}</span>
      <span className="json-meta">0 items</span>
    </span>
  );
}

function DocumentViewer({
  source,
  label = 'JSON',
  fileName = 'response.json',
  initialDepth = INITIAL_DEPTH,
}: Props & { source: string | TextStart }) {
  const state = useJsonDocument(source, initialDepth);
  if (state.status === 'parsing') return <p className="json-status">Reading the JSON…</p>;
  if (state.status === 'failed')
    return (
      <p className="json-status error" role="alert">
        {state.message}
      </p>
    );
  return <ReadyViewer doc={state.doc} label={label} fileName={fileName} initialDepth={initialDepth} />;
}

type ReadyProps = { doc: JsonDocument; label: string; fileName: string; initialDepth: number };

function ReadyViewer({ doc, label, fileName, initialDepth }: ReadyProps) {
  const tree = useTreeState(doc, initialDepth);
  const search = useSearch(doc, tree.reveal);
  const [raw, setRaw] = useState(false);
  const [status, setStatus] = useState('');
  return (
    <div className="json-viewer" data-testid="json-viewer">
      <JsonToolbar
        tree={tree}
        search={search}
        raw={raw}
        onRaw={setRaw}
        onCopyAll={
          doc.textPending ? undefined : () => void copyText(doc.text, 'the whole document').then(setStatus)
        }
        onDownload={doc.textPending ? undefined : () => downloadText(doc.text, fileName)}
      />
      {raw ? (
        <RawView doc={doc} />
      ) : (
        <>
          <SelectionBar doc={doc} node={tree.selected} onStatus={setStatus} />
          <JsonTree doc={doc} tree={tree} isMatch={search.isMatch} label={label} />
        </>
      )}
      <p className="json-status" role="status">
        {doc.partial
          ? `Showing the start while reading the rest (${(doc.size / 1048576).toFixed(1)} MB)…`
          : status}
      </p>
    </div>
  );
}
