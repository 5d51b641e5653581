import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { parseArgsJson } from './argsModel.ts';

type Props = { value: string; onChange: (text: string) => void; label: string; describedBy?: string };

/** Problems in the text, marked where they are. */
const argsLinter = linter(
  (view): Diagnostic[] => {
    const text = view.state.doc.toString();
    const parsed = parseArgsJson(text);
    if (!('error' in parsed)) return [];
    const from = Math.min(parsed.error.offset, text.length);
    return [{ from, to: Math.min(from + 1, text.length), severity: 'error', message: parsed.error.message }];
  },
  { delay: 150 },
);

/** JSON colours from the design tokens, so light and dark both read well. */
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syntax-property)' },
  { tag: tags.string, color: 'var(--syntax-string)' },
  { tag: tags.number, color: 'var(--syntax-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syntax-keyword)' },
]);

const theme = EditorView.theme({
  '&': {
    fontSize: '13px',
    border: '1px solid var(--color-border)',
    borderRadius: '4px',
    background: 'var(--color-surface)',
  },
  '&.cm-focused': { outline: 'none', boxShadow: 'var(--focus-ring)' },
  '.cm-content': { fontFamily: 'var(--font-mono)', minHeight: '160px', caretColor: 'var(--color-text)' },
  '.cm-gutters': { background: 'var(--color-surface-2)', color: 'var(--color-muted)', border: 'none' },
  '.cm-scroller': { maxHeight: '320px' },
});

/**
 * Arguments as raw JSON in CodeMirror 6, loaded only when this tab is opened
 * (its own chunk). Tab indents; Escape then Tab leaves the editor.
 */
export default function JsonEditor({ value, onChange, label, describedBy }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        history(),
        bracketMatching(),
        json(),
        syntaxHighlighting(highlight),
        lintGutter(),
        argsLinter,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        theme,
        EditorView.contentAttributes.of({
          'aria-label': label,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    return () => view.current?.destroy();
    // Created once; later value changes come from the editor itself.
  }, []);

  return <div ref={host} className="json-editor" data-testid="json-editor" />;
}
