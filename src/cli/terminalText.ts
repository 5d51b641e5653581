/**
 * Characters a terminal acts on instead of showing: C0 controls (escape
 * sequences retitle or clear the terminal, CR overwrites a line), DEL, the
 * C1 controls (0x9b starts a sequence on some terminals) and the bidi
 * overrides that reorder what is shown. `\n` is left alone: our own lines
 * end with it, and a value that holds one is shown as more lines.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a service (ids, status values, messages) made safe for a
 * terminal: each character it would act on is shown escaped as `\uXXXX`,
 * which is also how JSON writes it, so printed JSON stays JSON. Only human
 * output goes through this; `--json` stays exact.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
