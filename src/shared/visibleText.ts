/**
 * Characters a screen or terminal acts on instead of showing: C0 controls
 * (escape sequences retitle or clear a terminal, a bell rings, CR overwrites
 * a line; a window draws them as boxes or nothing), DEL, the C1 controls
 * (0x9b starts a sequence on some terminals) and the bidi embeddings,
 * overrides and isolates that reorder what follows them (U+202E draws the
 * rest of a line reversed, the window's own words included).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a robot or the service (names, messages, keys, values, ids)
 * made safe to show: each character that would act instead of showing is
 * written as its `\uXXXX` escape, which is also how JSON writes it. The
 * window and the CLI show service text through this one rule; `keepNewlines`
 * leaves `\n` alone where the text is shown as several lines.
 */
export function visibleText(text: string, options: { keepNewlines?: boolean } = {}): string {
  return text.replace(
    options.keepNewlines === true ? UNSAFE_BUT_NEWLINE : UNSAFE,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
