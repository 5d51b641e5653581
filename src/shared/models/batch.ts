import { z } from 'zod';
import { AppErrorShape } from '../ipc/result.ts';
import { rowStates } from './rowStates.ts';

/** A batch row's state (rowStates.ts). */
export const RowStateName = z.enum(rowStates);

/** A batch as the window and the tray see it (no runner's process id or host). */
export const BatchView = z.object({
  id: z.string(),
  robotId: z.string(),
  presetId: z.string().nullable(),
  robotName: z.string(),
  presetName: z.string().nullable(),
  state: z.enum(['running', 'paused', 'stopped', 'finished']),
  createdAt: z.number(),
  concurrency: z.number().int(),
  secretFields: z.array(z.string()),
  /** The batch whose rows this one runs again, if it was made that way. */
  againOf: z.string().nullable(),
  total: z.number().int().min(0),
  counts: z.partialRecord(RowStateName, z.number().int().min(0)),
});
export type BatchView = z.infer<typeof BatchView>;

/**
 * How a batch the app runs is going: its counts by state, rows ended per
 * second, and the time left (from the rows' rate once some ended, before
 * that from the robot's learned run time; null when neither is known).
 * `running` is false once this process stopped running it (finished,
 * paused, stopped, or `error`).
 */
export const BatchProgress = z.object({
  batch: BatchView,
  running: z.boolean(),
  perSecond: z.number().min(0),
  etaMs: z.number().min(0).nullable(),
  error: AppErrorShape.nullable(),
});
export type BatchProgress = z.infer<typeof BatchProgress>;

/** One row's outcome as the results show it: its call, state, run time, and the response fields picked. */
export const RowResult = z.object({
  row: z.number().int().min(1),
  call: z.string().nullable(),
  state: RowStateName,
  runMs: z.number().nullable(),
  picked: z.record(z.string(), z.unknown()),
});
export type RowResult = z.infer<typeof RowResult>;

/** A result's cell as text: JSON for anything but text, empty when absent (the table and the CSV export alike). */
export const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
