import { grouped } from './grouped.ts';
import { DESIGNER_TOKEN_STEPS } from './sentences/tokenSteps.ts';

/**
 * How large robot arguments may be, in one place for every door they come
 * in by: the CLI (--args, --arg, --args @FILE), the window (IPC), the core's
 * own API and the database read at start (the presets, the history). Each door
 * refuses the same things with the same words, because each goes through
 * `argsLimitProblem` (the arguments schema runs it first).
 *
 * Why limits at all: zod, JSON.stringify and the window's editor walk nested
 * values recursively, so arguments nested a few thousand levels deep overflow
 * the stack wherever they are read next. Before these limits a preset saved
 * that deep made every later start of the app throw. The walk below is
 * iterative and stops early, so even a 100,000-level or cyclic value is
 * measured without recursion and in bounded time.
 */

/** Levels of nesting: `{}` is 1 level, `{"a":{"b":1}}` is 2. */
export const MAX_ARGS_DEPTH = 100;

/** The arguments written as compact JSON (what a POST sends), in UTF-8 bytes. */
export const MAX_ARGS_BYTES = 16 * 1024 * 1024;

/** Values at every level together: every key's value and every list item. */
export const MAX_ARGS_VALUES = 100_000;

/** One argument name, or any key inside one, in characters. */
export const MAX_ARGS_KEY_LENGTH = 1_000;

const count = grouped;

const FIX = 'Send flatter, fewer or smaller arguments (a file or id the robot can fetch, say).';

/** UTF-8 bytes of a JSON-escaped text (JSON.stringify output has no lone surrogates). */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff) {
      // A pair: 4 bytes for 2 code units.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return utf8Bytes(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  return 4; // null, and anything the schema refuses after this check
}

/**
 * What is wrong with `value` as robot arguments against the limits above,
 * as a sentence to follow the field's name ("args: nests 1,300 levels deep;
 * Robot Tray allows at most 100. …"), or undefined when it is within them.
 * Only sizes are judged here; what the values may be (JSON, no "__proto__")
 * is the schema's job, which runs after this and can then recurse safely.
 */
export function argsLimitProblem(value: unknown): string | undefined {
  let bytes = 0;
  let values = 0;
  let deepest = 0;
  // Each entry: a value and the levels of containers it sits in.
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) {
      bytes += scalarBytes(v);
      if (bytes > MAX_ARGS_BYTES) return tooBig();
      continue;
    }
    const level = depth + 1;
    if (level > deepest) deepest = level;
    const keys = Array.isArray(v) ? null : Object.keys(v);
    const items = keys === null ? (v as unknown[]) : keys.map((k) => (v as Record<string, unknown>)[k]);
    values += items.length;
    // A value too deep is still walked, to say how deep it really is, but
    // only as far as the count allows (a cyclic value ends there too).
    if (values > MAX_ARGS_VALUES) {
      return deepest > MAX_ARGS_DEPTH
        ? tooDeep(deepest, true)
        : `holds more than ${count(MAX_ARGS_VALUES)} values; Robot Tray allows at most ${count(MAX_ARGS_VALUES)}. ${FIX}`;
    }
    bytes += 2 + Math.max(0, items.length - 1);
    if (keys !== null) {
      for (const key of keys) {
        if (key.length > MAX_ARGS_KEY_LENGTH) {
          return `has a name ${count(key.length)} characters long; Robot Tray allows at most ${count(MAX_ARGS_KEY_LENGTH)}. Use shorter names.`;
        }
        bytes += utf8Bytes(JSON.stringify(key)) + 1;
      }
    }
    if (bytes > MAX_ARGS_BYTES) return tooBig();
    for (const item of items) stack.push([item, level]);
  }
  return deepest > MAX_ARGS_DEPTH ? tooDeep(deepest, false) : undefined;
}

function tooDeep(depth: number, atLeast: boolean): string {
  return (
    `nests ${atLeast ? 'at least ' : ''}${count(depth)} levels deep; ` +
    `Robot Tray allows at most ${count(MAX_ARGS_DEPTH)}. ${FIX}`
  );
}

function tooBig(): string {
  return `is more than ${MAX_ARGS_BYTES / (1024 * 1024)} MiB as JSON; Robot Tray allows at most ${MAX_ARGS_BYTES / (1024 * 1024)} MiB. ${FIX}`;
}

/**
 * An export or team catalog file (src/shared/models/exportFile.ts): read with
 * a bounded reader, so a huge or endless file is refused before it is held.
 */
export const MAX_EXPORT_FILE_BYTES = 32 * 1024 * 1024;

/** Robots in one export or team catalog file. */
export const MAX_EXPORT_ROBOTS = 500;

/** Presets of one robot in an export or team catalog file. */
export const MAX_EXPORT_PRESETS_PER_ROBOT = 500;

/**
 * Fill-in fields of one preset (src/shared/models/presetFields.ts). A form
 * with more fields than this is no longer "fill in a customer number", and
 * every text below is shown in a form, a menu or a terminal line.
 */
export const MAX_PRESET_FIELDS = 50;
export const MAX_FIELD_NAME_LENGTH = 64;
export const MAX_FIELD_LABEL_LENGTH = 120;
export const MAX_FIELD_HELP_LENGTH = 500;
export const MAX_FIELD_CHOICES = 100;
export const MAX_FIELD_CHOICE_LENGTH = 200;
/** A pattern's source: long enough for any real check, short enough to read. */
export const MAX_FIELD_PATTERN_LENGTH = 500;
/** One text value typed into a field, in characters. */
export const MAX_FIELD_VALUE_LENGTH = 10_000;
/**
 * What a pattern may cost (src/shared/models/presetFieldPattern.ts), in
 * RE2 instructions and in steps (an instruction for a character): a pattern's
 * compiled size (`^.{0,1000}$` is 2,004), the steps one value may take, and
 * the steps all the patterns of one preset or one file may take together.
 */
export const MAX_FIELD_PATTERN_SIZE = 3_000;
export const MAX_PATTERN_CHECK_STEPS = 500_000;
export const MAX_PATTERN_STEPS = 1_500_000;

/**
 * A robot-tray:// link, in UTF-8 bytes as written (percent-escapes counted
 * as typed). Links are shared in chats and tickets and passed on command
 * lines (Windows cuts those near 32 K); a few fields never need more, and a
 * bound here keeps a hostile link from costing anything to refuse.
 */
export const MAX_LINK_BYTES = 8 * 1024;

/**
 * A robot's token, as Robot Tray takes it at every door (the window's form,
 * IPC, the CLI's stdin, the core): one rule, here. A real webhook token is
 * long and random. A very short one would make echo masking hide ordinary
 * words, and a huge one is not a token at all; it travels as an HTTP header
 * value, so only printable ASCII can work.
 */
export const MIN_TOKEN_LENGTH = 16;
export const MAX_TOKEN_LENGTH = 4096;
/** Text longer than this is not read as a token at all (a whole file pasted): it is refused unread. */
export const MAX_TOKEN_INPUT = 64 * 1024;

/** Why `pasted` (trimmed first) cannot be a token, in words that say what to paste instead; undefined when it can. */
export function tokenProblem(pasted: string): string | undefined {
  if (pasted.length > MAX_TOKEN_INPUT)
    return `this is ${grouped(pasted.length)} characters, not a token; copy only the token ${DESIGNER_TOKEN_STEPS} it.`;
  const token = pasted.trim();
  if (token === '') return 'must not be empty. Paste the token from the robot’s Designer.';
  const header = /^(x-service-token|authorization)\s*:/i.exec(token);
  if (header !== null)
    return `this is a whole header line; paste only the token, the text after "${header[1]}:" (without the name, the colon or spaces).`;
  if (/^["'`\u2018\u201c]|["'`\u2019\u201d]$/.test(token))
    return 'it has quotes around it; paste only the token, the text between the quotes.';
  if (!/^[\x20-\x7e]+$/.test(token))
    return 'must be one line of plain ASCII characters, exactly as copied from the robot’s Designer.';
  if (token.includes(' '))
    return 'it has a space inside, and a token has none; copy the token again in one piece and paste only it.';
  if (token.length < MIN_TOKEN_LENGTH || token.length > MAX_TOKEN_LENGTH)
    return `must be ${MIN_TOKEN_LENGTH} to ${grouped(MAX_TOKEN_LENGTH)} characters; this one has ${grouped(token.length)}. Generate and copy the whole token ${DESIGNER_TOKEN_STEPS} it.`;
  return undefined;
}

/** The most days run statistics may span, and the most run points the window's chart asks for. */
export const MAX_STATS_DAYS = 366;
export const MAX_RUN_POINTS = 2_000;

/** The most rows text the window hands main for a batch (characters): a spreadsheet of 100,000 rows fits. */
export const MAX_BATCH_ROWS_TEXT = 32 * 1024 * 1024;
