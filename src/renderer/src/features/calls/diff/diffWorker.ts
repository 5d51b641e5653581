import type { JsonValue } from '../../../../../shared/models/json.ts';
import { diffLines, readForDiff } from '../../../../../shared/responseDiff.ts';
import type { DiffPart, DiffRequest, DiffResponse, DiffSide } from './protocol.ts';

// Reading and comparing two large responses takes as long as reading each
// in the viewer; here it never holds up typing or scrolling in the window.
// Each text is read as soon as its last slice is in, so reading one side
// goes on while the window is still fetching the other.
const scope = globalThis as unknown as {
  postMessage: (message: DiffResponse) => void;
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
};

type Key = `${DiffPart}.${DiffSide}`;
const slices = new Map<Key, string[]>();
const read = new Map<Key, JsonValue>();
let failed = false;

function fail(error: unknown): void {
  failed = true;
  const reason = error instanceof Error ? error.message : String(error);
  scope.postMessage({ type: 'failed', message: `The two runs could not be compared: ${reason}` });
}

scope.onmessage = ({ data }) => {
  if (failed) return;
  const key: Key = `${data.part}.${data.side}`;
  const held = slices.get(key) ?? [];
  held.push(data.text);
  slices.set(key, held);
  if (!data.last) return;
  slices.delete(key);
  try {
    read.set(key, readForDiff(held.join('')));
    if (read.size < 4) return;
    const part = (name: DiffPart) => diffLines(read.get(`${name}.before`)!, read.get(`${name}.after`)!);
    scope.postMessage({ type: 'diff', args: part('args'), response: part('response') });
    read.clear();
  } catch (error) {
    fail(error);
  }
};
