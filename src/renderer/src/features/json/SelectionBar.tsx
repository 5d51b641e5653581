import { visibleText } from '../../../../shared/visibleText.ts';
import { useState } from 'react';
import { isContainer, NodeKind, valueOf } from './model/jsonIndex.ts';
import { javascriptPath, jsonPath, pathOf } from './model/jsonPath.ts';
import { SHORT_STRING } from './model/rowText.ts';
import { copyText } from './copyText.ts';
import type { JsonDocument } from './useJsonDocument.ts';

type Props = { doc: JsonDocument; node: number; onStatus: (message: string) => void };

/** The selected node's paths and what can be done with it. */
export function SelectionBar({ doc, node, onStatus }: Props) {
  const { index, text } = doc;
  const [shown, setShown] = useState<number | null>(null);
  const segments = pathOf(index, text, node);
  const js = javascriptPath(segments);
  const jp = jsonPath(segments);
  const isLongString =
    index.kind[node] === NodeKind.string &&
    index.valueEnd[node]! - index.valueStart[node]! > SHORT_STRING + 2;
  // A container still open where reading stopped: its text so far is not its value.
  const reading = index.childCount[node]! < 0;
  const copy = (value: string, what: string) => void copyText(value, what).then(onStatus);
  const rawValue = () =>
    isContainer(index, node)
      ? text.slice(index.valueStart[node], index.valueEnd[node])
      : valueOf(index, text, node);
  return (
    <div className="json-selection">
      <code className="json-path" data-testid="json-selected-path">
        {visibleText(jp)}
      </code>
      <button
        type="button"
        className="btn btn-sm"
        disabled={reading}
        title={reading ? 'This part of the document is still being read' : undefined}
        onClick={() => copy(rawValue(), 'the value')}
      >
        Copy value
      </button>
      <button type="button" className="btn btn-sm" onClick={() => copy(js, `the path ${js}`)}>
        Copy JS path
      </button>
      <button type="button" className="btn btn-sm" onClick={() => copy(jp, `the path ${jp}`)}>
        Copy JSONPath
      </button>
      {isLongString && shown !== node && (
        <button type="button" className="btn btn-sm" onClick={() => setShown(node)}>
          Show all
        </button>
      )}
      {isLongString && shown === node && (
        <pre className="json-full-string" tabIndex={0} aria-label={`The whole string at ${jp}`}>
          {visibleText(valueOf(index, text, node), { keepNewlines: true })}
        </pre>
      )}
    </div>
  );
}
