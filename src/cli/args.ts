import type { JsonObject, JsonValue } from '../shared/models/json.ts';
import type { ArgsText } from './argsSources.ts';
import { usageError } from './cliError.ts';
import { firstInexactNumber, keepsExactValue } from '../shared/exactNumbers.ts';

/**
 * Robot arguments from the command line, as HTTPie reads them (robot
 * authors type them there already). Pure: no I/O, no core, so it is cheap to
 * load and tested on its own; a file an argument names is read beforehand.
 *
 *   --arg key=value    the value as text, always
 *   --arg key:=value   the value as JSON: 42, true, null, [1], {"a":1}
 *   --arg key=@FILE    the file's text; key:=@FILE the file's JSON
 *   --arg key=\@x      text that starts with "@"
 *   --arg a.b=value    sets key b inside object a (a\.b is one key with a dot)
 *   --args JSON        a JSON object; several merge in order, key by key at the top
 *
 * The separator is the first `=`: when a `:` comes right before it, it is
 * `:=`. So `url=https://x/?a=1` keeps the whole URL as text, and a key can
 * never contain `=`.
 */
export type ArgPair = {
  key: string;
  /** `:=`: the value is JSON. */
  typed: boolean;
  /** `=@FILE` / `:=@FILE`: the value is this file's content. */
  file?: string;
  /** The value as typed after the separator (for a file, what was read is used instead). */
  raw: string;
};

export function splitArgPair(text: string): ArgPair {
  const at = text.indexOf('=');
  if (at < 0) {
    throw usageError(`--arg ${text}: expected key=value (text) or key:=value (JSON, such as n:=42).`);
  }
  const typed = at > 0 && text[at - 1] === ':';
  const key = text.slice(0, typed ? at - 1 : at);
  if (key === '') throw usageError(`--arg ${text}: the argument name before "=" is empty.`);
  for (const step of argPath(key, text)) checkName(step, '--arg');
  const raw = text.slice(at + 1);
  if (raw.startsWith('@') && raw.length > 1) return { key, typed, file: raw.slice(1), raw };
  return { key, typed, raw: raw.startsWith('\\@') ? raw.slice(1) : raw };
}

/** The files `--arg` values name (key=@FILE), to read before the arguments are built. */
export function argFiles(pairs: readonly string[]): string[] {
  return [...new Set(pairs.map(splitArgPair).flatMap((p) => (p.file === undefined ? [] : [p.file])))];
}

/**
 * One `--arg`: its name and value. `fileText` gives the content of a file a
 * value names (read beforehand by the caller).
 */
export function parseArgPair(
  text: string,
  fileText: (file: string) => string = noFiles,
): [key: string, value: JsonValue] {
  const pair = splitArgPair(text);
  const raw = pair.file === undefined ? pair.raw : fileText(pair.file);
  if (!pair.typed) return [pair.key, raw];
  const where = pair.file === undefined ? `--arg ${text}` : `--arg ${pair.key}:=@${pair.file}`;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw usageError(
      `${where}: not valid JSON (${(error as Error).message.split('\n')[0]}). ` +
        `For text write ${pair.key}=… instead of ${pair.key}:=…; text in JSON needs quotes, such as ${pair.key}:='"x"'.`,
    );
  }
  // A number a double cannot hold exactly (12345678901234567890, 1e400) would arrive changed.
  const inexact = firstInexactNumber(raw);
  if (inexact !== undefined || (typeof value === 'number' && !keepsExactValue(raw.trim())))
    throw inexactNumberError(where, inexact ?? raw.trim(), pair.key);
  return [pair.key, value as JsonValue];
}

function noFiles(file: string): string {
  throw new Error(`--arg: the file ${file} was not read first`);
}

/**
 * A note for a value sent as text that reads as JSON of another kind
 * (rush=true, amount=12.5): HTTPie's rule makes it text, and the person may
 * have meant the number. Undefined for anything else.
 */
export function typedLookingNote(text: string): string | undefined {
  const pair = splitArgPair(text);
  if (pair.typed || pair.file !== undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(pair.raw);
  } catch {
    return undefined;
  }
  if (typeof value === 'string') return undefined;
  const kind =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'a list'
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;
  return `--arg ${text} sent the text "${pair.raw}"; for ${kind} write ${pair.key}:=${pair.raw}`;
}

/**
 * JSON given with an option (`where` names it, and its file), parsed; a
 * mistake is one line that says where it is and what was expected.
 */
export function parseOptionJson(text: string, where: string, expected: string): unknown {
  if (text.trim() === '') throw usageError(`${where}: there is no JSON, only blanks. Give ${expected}.`);
  try {
    return JSON.parse(text);
  } catch (error) {
    // The parser quotes the text, line breaks and all: one line of it is enough.
    const why = (error as Error).message.replace(/\s+/g, ' ');
    // A bare word that is no JSON is most often a file name without its @.
    const word = text.trim();
    const file =
      where.includes(' ') || /^[{["]/.test(word) || /\s/.test(word) || word === ''
        ? ''
        : ` To read it from the file ${word}, write ${where} @${word}.`;
    throw usageError(`${where}: not valid JSON (${why}). Give ${expected}.${file}`);
  }
}

const OBJECT_EXAMPLE = `an object such as '{"customer":"C-17"}'`;

export function parseArgsJson(text: string, where = '--args'): JsonObject {
  const value = parseOptionJson(text, where, OBJECT_EXAMPLE);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError(`${where}: must be a JSON object such as '{"customer":"C-17"}'.`);
  }
  const inexact = firstInexactNumber(text);
  if (inexact !== undefined) throw inexactNumberError(where, inexact);
  return value as JsonObject;
}

/** What the command line changes in a set of arguments: --args objects, then --arg pairs. */
export type ArgChanges = {
  objects: JsonObject[];
  pairs: Array<{ path: string[]; value: JsonValue; text: string }>;
};

export function parseArgChanges(
  argsJson: readonly (string | ArgsText)[],
  pairs: readonly string[],
  fileText: (file: string) => string = noFiles,
): ArgChanges {
  return {
    objects: argsJson.map((given) => {
      const object =
        typeof given === 'string' ? parseArgsJson(given) : parseArgsJson(given.text, given.where);
      for (const key of Object.keys(object)) checkName(key, '--args');
      return object;
    }),
    pairs: pairs.map((text) => {
      const [key, value] = parseArgPair(text, fileText);
      return { path: argPath(key, text), value, text };
    }),
  };
}

/**
 * The changes applied over `base` (a preset's or a past call's arguments, or
 * none): each --args object sets the top-level keys it names, whole (a key's
 * old value goes, nested fields included); then each --arg sets one value at
 * its path, creating objects on the way and keeping their other keys.
 */
export function applyArgChanges(base: JsonObject, changes: ArgChanges): JsonObject {
  let args: JsonObject = { ...base };
  for (const object of changes.objects) args = { ...args, ...object };
  for (const pair of changes.pairs) args = setAt(args, pair.path, pair.value, pair.text);
  return args;
}

/** Every --args object in order, then every --arg pair in order: later ones win. */
export function buildArgs(
  argsJson: readonly string[],
  pairs: readonly string[],
  fileText?: (file: string) => string,
): JsonObject {
  return applyArgChanges({}, parseArgChanges(argsJson, pairs, fileText));
}

/**
 * An --arg key as a path: split at each `.`, where `\.` is a dot inside a
 * name and `\\` a backslash. `customer.id` is ["customer", "id"];
 * `customer\.id` is ["customer.id"].
 */
export function argPath(key: string, text = key): string[] {
  const path: string[] = [];
  let name = '';
  for (let i = 0; i < key.length; i++) {
    const ch = key[i]!;
    if (ch === '\\' && (key[i + 1] === '.' || key[i + 1] === '\\')) name += key[++i]!;
    else if (ch === '.') {
      path.push(name);
      name = '';
    } else name += ch;
  }
  path.push(name);
  if (path.some((step) => step === '')) {
    throw usageError(
      `--arg ${text}: an empty name in the path "${key}". Write a dot inside a name as \\. (such as a\\.b=1).`,
    );
  }
  return path;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setAt(target: JsonObject, path: readonly string[], value: JsonValue, text: string): JsonObject {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...target, [head]: value };
  const inner = Object.hasOwn(target, head) ? target[head] : undefined;
  if (inner !== undefined && !isObject(inner)) {
    throw usageError(
      `--arg ${text}: "${head}" holds ${Array.isArray(inner) ? 'a list' : JSON.stringify(inner)}, not an object, so it has no key "${rest[0]}". ` +
        `Set it whole (--arg ${head}='{...}'), or write a dot inside a name as \\.`,
    );
  }
  return { ...target, [head]: setAt(inner ?? {}, rest, value, text) };
}

/** Removes the value at a path; false when there was none. */
export function removeAt(target: JsonObject, path: readonly string[]): JsonObject | undefined {
  const [head, ...rest] = path as [string, ...string[]];
  if (!Object.hasOwn(target, head)) return undefined;
  if (rest.length === 0) {
    const { [head]: _removed, ...others } = target;
    return others;
  }
  const inner = target[head];
  if (!isObject(inner)) return undefined;
  const changed = removeAt(inner, rest);
  return changed === undefined ? undefined : { ...target, [head]: changed };
}

function inexactNumberError(option: string, typed: string, key?: string) {
  return usageError(
    `${option}: the number ${typed.slice(0, 40)} has more digits than a JSON number keeps, so it would be sent changed. ` +
      (key === undefined
        ? 'Quote it to send it as text exactly as typed.'
        : `Send it as text exactly as typed with ${key}=… (or quote it inside the JSON).`),
  );
}

/** "__proto__" cannot be an object key in JavaScript, so it would vanish on the way. */
function checkName(key: string, option: string): void {
  if (key === '__proto__')
    throw usageError(`${option}: "__proto__" cannot be used as an argument name; rename it.`);
}

/** Commander's collector for repeatable options. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
