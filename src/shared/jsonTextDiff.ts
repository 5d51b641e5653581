import type { JsonValue } from './models/json.ts';
import { commonPrefix, commonSuffix } from './commonEnds.ts';
import { parseKeepingNumbers } from './exactNumbers.ts';
import type { PathSegment } from './jsonPathText.ts';
import { diffPairs, type DiffEntry, type DiffPair, type PathLink } from './responseDiff.ts';

/*
 * Two runs' responses are mostly the same text: reading both whole (twice
 * 20 MB) to find two changed values costs seconds. Here only what lies
 * between their common start and common end is read: the innermost
 * container holding every difference, and of an array only its elements
 * from the first that differs to the last. The result is diffJson's of the
 * two texts read whole, in the same order; a text it cannot narrow this way
 * gives undefined, and the caller reads both whole.
 */

type Frame = {
  open: number;
  array: boolean;
  /** Where this container sits in its parent: an index, or its key's text as [start, end). */
  index: number | undefined;
  key: [number, number] | undefined;
  /** Children begun so far, and where the last one began. */
  children: number;
  childStart: number;
  expectingKey: boolean;
};

const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isCloser = (c: number) => c === CLOSE_OBJECT || c === CLOSE_ARRAY;

/** The index just past the string whose opening quote is at `at`, or -1 when it never closes. */
function stringEnd(text: string, at: number): number {
  let end = text.indexOf('"', at + 1);
  while (end > 0) {
    let run = 0;
    while (text.charCodeAt(end - run - 1) === 92) run++;
    if (run % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** The containers open at `upTo` (outermost first), read from the start of the text. */
function framesAt(text: string, upTo: number): Frame[] | undefined {
  const stack: Frame[] = [];
  const begin = (top: Frame | undefined, at: number) => {
    if (top === undefined) return;
    top.children++;
    top.childStart = at;
  };
  let i = 0;
  while (i < upTo) {
    const c = text.charCodeAt(i);
    const top = stack.at(-1);
    if (isSpace(c) || c === COLON) i++;
    else if (c === COMMA) {
      if (top !== undefined && !top.array) top.expectingKey = true;
      i++;
    } else if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      if (top !== undefined && !top.array && top.expectingKey) {
        begin(top, i);
        top.expectingKey = false;
      } else if (top?.array === true) begin(top, i);
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (top?.array === true) begin(top, i);
      stack.push({
        open: i,
        array: c === OPEN_ARRAY,
        index: top?.array === true ? top.children - 1 : undefined,
        key: top !== undefined && !top.array ? [top.childStart, stringEnd(text, top.childStart)] : undefined,
        children: 0,
        childStart: -1,
        expectingKey: c === OPEN_OBJECT,
      });
      i++;
    } else if (isCloser(c)) {
      stack.pop();
      i++;
    } else {
      if (top?.array === true) begin(top, i);
      while (i < text.length && !isSpace(text.charCodeAt(i))) {
        const d = text.charCodeAt(i);
        if (d === COMMA || isCloser(d)) break;
        i++;
      }
    }
  }
  return stack;
}

type Children = { starts: number[]; ends: number[]; close: number };

/**
 * The children of a container from `from` (a child's start, or just inside
 * it) to its closer; given `until`, only to the first child that starts
 * there or later (`close` is then that child's start, and `stopped` true).
 */
function childrenFrom(
  text: string,
  from: number,
  until = Infinity,
): (Children & { stopped: boolean }) | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  let i = from;
  for (;;) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i >= text.length) return undefined;
    if (isCloser(text.charCodeAt(i))) return { starts, ends, close: i, stopped: false };
    if (i >= until) return { starts, ends, close: i, stopped: true };
    starts.push(i);
    let depth = 0;
    for (;;) {
      if (i >= text.length) return undefined;
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = stringEnd(text, i);
        if (i < 0) return undefined;
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
      else if (isCloser(c)) {
        if (depth === 0) break;
        depth--;
      } else if (c === COMMA && depth === 0) break;
      i++;
    }
    ends.push(i);
    if (text.charCodeAt(i) === COMMA) i++;
  }
}

function pathOf(text: string, frames: readonly Frame[]): PathLink {
  let path: PathLink = null;
  for (const frame of frames.slice(1)) {
    const segment: PathSegment =
      frame.index ?? (JSON.parse(text.slice(frame.key![0], frame.key![1])) as string);
    path = { parent: path, segment };
  }
  return path;
}

const read = (text: string) => parseKeepingNumbers(text) as JsonValue;

/**
 * diffJson of two JSON texts, reading only the part that differs; undefined
 * when the difference cannot be narrowed to a container both texts hold at
 * the same place (the caller then reads both whole). Both must be JSON.
 */
export function diffJsonTexts(
  a: string,
  b: string,
  limit = 500,
): { entries: DiffEntry[]; truncated: boolean } | undefined {
  if (a === b) return { entries: [], truncated: false };
  const prefix = commonPrefix(a, b);
  const suffix = commonSuffix(a, b, Math.min(a.length, b.length) - prefix);
  const frames = framesAt(a, prefix);
  if (frames === undefined) return undefined;
  // From the innermost container out: the first whose closer lies in the shared end,
  // as far from the end in both texts, holds every difference. Each container out
  // scans its children again: a deeply nested text stops at a few passes over both.
  let budget = 4 * (a.length + b.length);
  for (let depth = frames.length - 1; depth >= 0; depth--) {
    const frame = frames[depth]!;
    const from = frame.children > 0 ? frame.childStart : frame.open + 1;
    if (frame.array) {
      // At most the part that differs and an element more, in each text.
      budget -= 2 * (a.length - suffix - from);
      const pairs = elementsBeforeSharedEnd(a, b, from, suffix, frame, () =>
        pathOf(a, frames.slice(0, depth + 1)),
      );
      if (pairs !== undefined) return diffPairs(pairs, limit);
    }
    const inA = childrenFrom(a, from);
    const inB = childrenFrom(b, from);
    if (inA === undefined || inB === undefined) return undefined;
    budget -= inA.close - from + (inB.close - from);
    if (budget < 0) return undefined;
    if (inA.close < a.length - suffix || a.length - inA.close !== b.length - inB.close) continue;
    const path = pathOf(a, frames.slice(0, depth + 1));
    if (!frame.array) {
      const whole = (text: string, close: number) => read(text.slice(frame.open, close + 1));
      return diffPairs([[whole(a, inA.close), whole(b, inB.close), path]], limit);
    }
    return diffPairs(middleElements(a, b, inA, inB, suffix, frame, path), limit);
  }
  return undefined;
}

/**
 * An array's elements that may differ, read only as far as the shared end:
 * when both texts reach it at the start of an element, as far from their
 * ends, after as many elements, what follows is the same elements at the
 * same indices, up to the array's end and past it. A 20 MB array with two
 * changed elements near its start is read a few elements deep, not to its
 * end. undefined when that does not hold (an element added or removed, the
 * array closing first): the caller reads the array to its end.
 */
function elementsBeforeSharedEnd(
  a: string,
  b: string,
  from: number,
  suffix: number,
  frame: Frame,
  path: () => PathLink,
): DiffPair[] | undefined {
  const inA = childrenFrom(a, from, a.length - suffix);
  const inB = childrenFrom(b, from, b.length - suffix);
  if (inA?.stopped !== true || inB?.stopped !== true) return undefined;
  if (a.length - inA.close !== b.length - inB.close || inA.starts.length !== inB.starts.length)
    return undefined;
  return pairedElements(a, b, inA, inB, 0, frame, path());
}

/** The elements from the first that may differ to the last, paired by index; equal ends left out. */
function middleElements(
  a: string,
  b: string,
  inA: Children,
  inB: Children,
  suffix: number,
  frame: Frame,
  path: PathLink,
): DiffPair[] {
  let same = 0;
  // Elements at the same place in the shared end are equal, but only when both have as many:
  // otherwise those after the difference sit at other indices.
  if (inA.starts.length === inB.starts.length) {
    const n = inA.starts.length;
    while (
      same < n &&
      inA.starts[n - 1 - same]! >= a.length - suffix &&
      a.length - inA.starts[n - 1 - same]! === b.length - inB.starts[n - 1 - same]!
    )
      same++;
  }
  return pairedElements(a, b, inA, inB, same, frame, path);
}

/** The elements read, all but the last `same`, paired by index from the first that may differ. */
function pairedElements(
  a: string,
  b: string,
  inA: Children,
  inB: Children,
  same: number,
  frame: Frame,
  path: PathLink,
): DiffPair[] {
  const first = frame.children > 0 ? frame.children - 1 : 0;
  const elements = (text: string, side: Children) => {
    const count = side.starts.length - same;
    if (count === 0) return [];
    return read(`[${text.slice(side.starts[0], side.ends[count - 1])}]`) as JsonValue[];
  };
  const before = elements(a, inA);
  const after = elements(b, inB);
  const pairs: DiffPair[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++)
    pairs.push([before[i], after[i], { parent: path, segment: first + i }]);
  return pairs;
}
