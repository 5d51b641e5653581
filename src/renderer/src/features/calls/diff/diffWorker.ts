import { diffJsonTexts } from '../../../../../shared/jsonTextDiff.ts';
import { diffLines, linesOf, readForDiff } from '../../../../../shared/responseDiff.ts';
import type { DiffPart, DiffRequest, DiffResponse, DiffSide, PartDiff } from './protocol.ts';

// Comparing two large responses takes as long as reading each in the viewer
// when they differ all over; here it never holds up typing or scrolling in
// the window. Two runs' responses mostly share their text, so only the part
// between what they share is read (jsonTextDiff.ts), both whole only when
// that cannot be narrowed.
const scope = globalThis as unknown as {
  postMessage: (message: DiffResponse) => void;
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
};

type Key = `${DiffPart}.${DiffSide}`;
const slices = new Map<Key, string[]>();
const texts = new Map<Key, string>();
let failed = false;

function fail(error: unknown): void {
  failed = true;
  const reason = error instanceof Error ? error.message : String(error);
  scope.postMessage({ type: 'failed', message: `The two runs could not be compared: ${reason}` });
}

function compare(part: DiffPart): PartDiff {
  const before = texts.get(`${part}.before`)!;
  const after = texts.get(`${part}.after`)!;
  const narrowed = diffJsonTexts(before, after);
  return narrowed === undefined ? diffLines(readForDiff(before), readForDiff(after)) : linesOf(narrowed);
}

scope.onmessage = ({ data }) => {
  if (failed) return;
  const key: Key = `${data.part}.${data.side}`;
  const held = slices.get(key) ?? [];
  held.push(data.text);
  slices.set(key, held);
  if (!data.last) return;
  slices.delete(key);
  texts.set(key, held.join(''));
  if (texts.size < 4) return;
  try {
    scope.postMessage({ type: 'diff', args: compare('args'), response: compare('response') });
    texts.clear();
  } catch (error) {
    fail(error);
  }
};
