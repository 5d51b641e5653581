import { visibleText } from '../../../../shared/visibleText.ts';
import { memo } from 'react';
import { isContainer, type JsonIndex } from './model/jsonIndex.ts';
import { keyLabel, sizeLabel, typeName, valuePreview } from './model/rowText.ts';

type Props = {
  index: JsonIndex;
  text: string;
  node: number;
  open: boolean;
  selected: boolean;
  match: boolean;
  top: number;
  onSelect: (node: number) => void;
  onToggle: (node: number) => void;
};

/**
 * One node on one line. Keys and values are React text children only, never
 * HTML, links or styles, whatever the service sent.
 */
export const JsonRow = memo(function JsonRow({
  index,
  text,
  node,
  open,
  selected,
  match,
  top,
  onSelect,
  onToggle,
}: Props) {
  const container = isContainer(index, node);
  const key = keyLabel(index, text, node);
  const preview = valuePreview(index, text, node);
  const type = typeName(index, node);
  const size = sizeLabel(index, text, node);
  return (
    <div
      role="treeitem"
      id={`json-node-${node}`}
      aria-level={index.depth[node]! + 1}
      aria-expanded={container ? open : undefined}
      aria-selected={selected}
      className={`json-row${selected ? ' is-selected' : ''}${match ? ' is-match' : ''}`}
      style={{ transform: `translateY(${top}px)`, paddingLeft: `${index.depth[node]! * 16 + 4}px` }}
      data-node={node}
      onClick={() => onSelect(node)}
      onDoubleClick={() => container && onToggle(node)}
    >
      <span
        className="json-toggle"
        aria-hidden="true"
        onClick={(e) => {
          e.stopPropagation();
          onSelect(node);
          if (container) onToggle(node);
        }}
      >
        {container ? (open ? '▾' : '▸') : ''}
      </span>
      {key !== null && (
        <>
          <span className="json-key">{visibleText(key)}</span>
          <span className="json-colon">: </span>
        </>
      )}
      <span className={`json-value json-${type}`}>{visibleText(preview.text)}</span>
      <span className="json-meta">
        {' '}
        {type}
        {size && ` · ${size}`}
        {preview.cut && ' · cut, select it to show all'}
      </span>
    </div>
  );
});
