import { visibleText } from '../shared/visibleText.ts';

/**
 * Text from a service (ids, status values, messages) made safe for a
 * terminal, by the rule the window uses too (`src/shared/visibleText.ts`):
 * each control or bidi character is shown escaped as `\uXXXX`, which is also
 * how JSON writes it, so printed JSON stays JSON. `\n` is left alone: our own
 * lines end with it, and a value that holds one is shown as more lines. Only
 * human output goes through this; `--json` stays exact.
 */
export function terminalSafe(text: string): string {
  return visibleText(text, { keepNewlines: true });
}
