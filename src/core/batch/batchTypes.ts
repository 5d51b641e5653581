import type { RowStateName } from '../../shared/models/rowStates.ts';
import type { JsonObject } from '../../shared/models/json.ts';
import type { FieldValues } from '../../shared/models/presetFields.ts';

/**
 * running: rows are fired; paused: none is fired until resumed (rows in
 * flight are still followed to their end); stopped: none ever will be;
 * finished: every row ended.
 */
export type BatchState = 'running' | 'paused' | 'stopped' | 'finished';

/**
 * pending: not fired yet; firing: marked with its call's id, its trigger
 * about to go or gone out; then the state of its call (waiting until the
 * robot's run ends). A row left `firing` by a process that died becomes its
 * call's state, `unknown` when the call was caught sending, or `pending`
 * again when no call was ever recorded (the trigger is sent only after its
 * record is written, so it was not sent).
 */
export type RowState = RowStateName;

/** What one row sends: its fields' values (secret ones never kept), or the arguments of a preset without fields. */
export type RowRequest = { fields: FieldValues } | { args: JsonObject };

export type BatchMeta = {
  robotId: string;
  presetId: string | null;
  robotName: string;
  presetName: string | null;
  concurrency: number;
  /** The secret fields asked once for the batch: asked again when it is resumed, never stored. */
  secretFields: string[];
  /** The batch whose rows this one runs again (BatchOps.again), or null. */
  againOf: string | null;
};

export type BatchInfo = BatchMeta & {
  id: string;
  state: BatchState;
  createdAt: number;
  runner: { pid: number; host: string } | null;
  total: number;
  counts: Partial<Record<RowState, number>>;
};

export type BatchRow = { n: number; state: RowState; callId: string | null; request: RowRequest };

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 64;
