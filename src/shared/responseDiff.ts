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
type PathLink = { parent: PathLink; segment: PathSegment } | null;

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

const isObject = (v: Side): v is { [key: string]: JsonValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isRawJson(v);

const same = (a: JsonValue, b: JsonValue) =>
  isRawJson(a) && isRawJson(b) ? a.rawJSON === b.rawJSON : a === b;

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
  const entries: DiffEntry[] = [];
  const stack: Array<[Side, Side, PathLink]> = [[before, after, null]];
  while (stack.length > 0) {
    if (entries.length >= limit) return { entries, truncated: true };
    const [a, b, path] = stack.pop()!;
    if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].reverse();
      for (const key of keys) {
        const inA = Object.hasOwn(a, key);
        const inB = Object.hasOwn(b, key);
        const p = { parent: path, segment: key };
        stack.push([inA ? a[key]! : MISSING, inB ? b[key]! : MISSING, p]);
      }
      continue;
    }
    if (a === MISSING) {
      if (b === MISSING) continue;
      entries.push({ kind: 'added', path: pathText(path), after: b });
      continue;
    }
    if (b === MISSING) {
      entries.push({ kind: 'removed', path: pathText(path), before: a });
      continue;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--) {
        stack.push([
          i < a.length ? a[i]! : MISSING,
          i < b.length ? b[i]! : MISSING,
          { parent: path, segment: i },
        ]);
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

/**
 * The difference between two responses given as JSON text, numbers read
 * exactly, as lines to list. Run in the diff worker: two 20 MB texts take
 * a second or more to read. Shared with the CLI's `diff`, so both show the same differences.
 */
export function diffTexts(
  before: string,
  after: string,
  limit = 500,
): { lines: DiffLine[]; truncated: boolean } {
  const diff = diffJson(
    parseKeepingNumbers(before) as JsonValue,
    parseKeepingNumbers(after) as JsonValue,
    limit,
  );
  return {
    truncated: diff.truncated,
    lines: diff.entries.map((entry) => ({
      kind: entry.kind,
      path: entry.path,
      ...(entry.kind === 'added' ? {} : { before: preview(entry.before) }),
      ...(entry.kind === 'removed' ? {} : { after: preview(entry.after) }),
    })),
  };
}
