import type { JsonValue } from './models/json.ts';
import { parseKeepingNumbers } from './exactNumbers.ts';
import { jsonPath, type PathSegment } from './jsonPathText.ts';

export type DiffEntry =
  | { kind: 'added'; path: string; after: JsonValue }
  | { kind: 'removed'; path: string; before: JsonValue }
  | { kind: 'changed'; path: string; before: JsonValue; after: JsonValue };

/** A side that has no value at this path. */
const MISSING = Symbol('missing');
type Side = JsonValue | typeof MISSING;

/** A path as a chain to its parent, so going deeper copies nothing. */
export type PathLink = { parent: PathLink; segment: PathSegment } | null;

function pathText(link: PathLink): string {
  const segments: PathSegment[] = [];
  for (let l = link; l !== null; l = l.parent) segments.push(l.segment);
  return jsonPath(segments.reverse());
}

/**
 * A number kept as its source text (JSON.rawJSON, see parseKeepingNumbers):
 * a value, not an object to walk, equal to another by its digits.
 */
const isRawJson = (JSON as unknown as { isRawJSON: (v: unknown) => v is { rawJSON: string } }).isRawJSON;

const same = (a: JsonValue, b: JsonValue) =>
  isRawJson(a) && isRawJson(b) ? a.rawJSON === b.rawJSON : a === b;

const isObject = (v: Side): v is { [key: string]: JsonValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isRawJson(v);

/**
 * Where two responses differ, path by path (JSONPath), walked without
 * recursion and stopped after `limit` entries. A value whose type changed,
 * or a scalar that changed, is one "changed" entry; objects compare key by
 * key (own keys only, "__proto__" included), arrays index by index.
 * Numbers read with parseKeepingNumbers compare digit for digit.
 */
export function diffJson(
  before: JsonValue,
  after: JsonValue,
  limit = 500,
): { entries: DiffEntry[]; truncated: boolean } {
  return diffPairs([[before, after, null]], limit);
}

/** A value on each side at a path (undefined: the side has none there), compared as diffJson compares. */
export type DiffPair = [before: JsonValue | undefined, after: JsonValue | undefined, path: PathLink];

/** diffJson of several pairs in order, each at its own path: the parts of two texts that differ (jsonTextDiff.ts). */
export function diffPairs(
  pairs: readonly DiffPair[],
  limit = 500,
): { entries: DiffEntry[]; truncated: boolean } {
  const entries: DiffEntry[] = [];
  // Four stacks side by side, not a tuple and a path per value: a 20 MB
  // response holds millions of values, and a path is made only for a
  // container walked into or a difference found.
  const as: Side[] = [];
  const bs: Side[] = [];
  const parents: PathLink[] = [];
  const segments: Array<PathSegment | undefined> = [];
  for (let i = pairs.length - 1; i >= 0; i--) {
    const [a, b, path] = pairs[i]!;
    as.push(a === undefined ? MISSING : a);
    bs.push(b === undefined ? MISSING : b);
    parents.push(path);
    segments.push(undefined);
  }
  const push = (a: Side, b: Side, parent: PathLink, segment: PathSegment) => {
    as.push(a);
    bs.push(b);
    parents.push(parent);
    segments.push(segment);
  };
  while (as.length > 0) {
    if (entries.length >= limit) return { entries, truncated: true };
    const a = as.pop()!;
    const b = bs.pop()!;
    const parent = parents.pop()!;
    const segment = segments.pop();
    // The same value on both sides (a string, a number, true): nothing below it to compare.
    if (a === b) continue;
    const path: PathLink = segment === undefined ? parent : { parent, segment };
    if (isObject(a) && isObject(b)) {
      // Pushed in reverse, so a's keys come out in order, then the keys only b has.
      const keysA = Object.keys(a);
      const keysB = Object.keys(b);
      for (let k = keysB.length - 1; k >= 0; k--) {
        const key = keysB[k]!;
        if (!Object.hasOwn(a, key)) push(MISSING, b[key]!, path, key);
      }
      for (let k = keysA.length - 1; k >= 0; k--) {
        const key = keysA[k]!;
        push(a[key]!, Object.hasOwn(b, key) ? b[key]! : MISSING, path, key);
      }
      continue;
    }
    if (a === MISSING) {
      entries.push({ kind: 'added', path: pathText(path), after: b as JsonValue });
      continue;
    }
    if (b === MISSING) {
      entries.push({ kind: 'removed', path: pathText(path), before: a });
      continue;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--) {
        push(i < a.length ? a[i]! : MISSING, i < b.length ? b[i]! : MISSING, path, i);
      }
      continue;
    }
    if (!same(a, b)) entries.push({ kind: 'changed', path: pathText(path), before: a, after: b });
  }
  return { entries, truncated: false };
}

/** The latest earlier call of the same preset that holds a response, from the newest-first order. */
export function previousRunOf<
  T extends { id: string; presetId: string | null; robotId: string; hasResponse: boolean },
>(order: readonly string[], byId: ReadonlyMap<string, T>, callId: string): T | undefined {
  const call = byId.get(callId);
  if (call === undefined || call.presetId === null) return undefined;
  const at = order.indexOf(callId);
  for (let i = at + 1; i < order.length; i++) {
    const other = byId.get(order[i]!);
    if (other?.presetId === call.presetId && other.robotId === call.robotId && other.hasResponse)
      return other;
  }
  return undefined;
}

/** One difference as the window (and `robot-tray call diff`) lists it: values as short JSON previews. */
export type DiffLine = { kind: DiffEntry['kind']; path: string; before?: string; after?: string };

const PREVIEW_CHARS = 120;

function preview(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > PREVIEW_CHARS ? text.slice(0, PREVIEW_CHARS) + '…' : text;
}

/** The differences of two values as lines to list, values as short JSON previews. */
export function diffLines(
  before: JsonValue,
  after: JsonValue,
  limit = 500,
): { lines: DiffLine[]; truncated: boolean } {
  return linesOf(diffJson(before, after, limit));
}

/** Entries found as lines to list. */
export function linesOf(diff: { entries: DiffEntry[]; truncated: boolean }): {
  lines: DiffLine[];
  truncated: boolean;
} {
  return { truncated: diff.truncated, lines: diff.entries.map(lineOf) };
}

function lineOf(entry: DiffEntry): DiffLine {
  return {
    kind: entry.kind,
    path: entry.path,
    ...(entry.kind === 'added' ? {} : { before: preview(entry.before) }),
    ...(entry.kind === 'removed' ? {} : { after: preview(entry.after) }),
  };
}

/** JSON text read for comparing: numbers a double cannot carry kept digit for digit. */
export function readForDiff(text: string): JsonValue {
  return parseKeepingNumbers(text) as JsonValue;
}

/**
 * The difference between two responses given as JSON text, numbers read
 * exactly, as lines to list: the CLI's `diff`, the same lines the window's
 * diff worker finds (readForDiff and diffLines, a text read as it arrives).
 */
export function diffTexts(
  before: string,
  after: string,
  limit = 500,
): { lines: DiffLine[]; truncated: boolean } {
  return diffLines(readForDiff(before), readForDiff(after), limit);
}
