import { diffJsonTextLines } from '../../../../../shared/runDiff.ts';
import type { PartDiff } from '../../../../../shared/models/runDiff.ts';
import type { DiffPart, DiffRequest, DiffResponse, DiffSide } from './protocol.ts';

// A saved call against a local one (SavedCompare): the saved call is in the
// window only, so the two are compared here, never holding up typing or
// scrolling. Two runs of this desk are compared in main (diffCalls).
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
  return diffJsonTextLines(texts.get(`${part}.before`)!, texts.get(`${part}.after`)!);
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
