import { z } from 'zod';
import { MAX_BATCH_ROWS_TEXT } from '../../limits.ts';
import { BatchView, RowResult } from '../../models/batch.ts';
import { MAX_OFFERED_COLUMNS, MAX_PICK_CHARS, MAX_PICKS, pickPathProblem } from '../../models/pickPath.ts';
import { CallSummary } from '../../models/callSummary.ts';
import { FieldValuesInput } from '../../models/presetFields.ts';
import { ById, Id, NoRequest } from './common.ts';
import { methods } from './define.ts';

/** How many rows of results the window asks for at once (its table is virtualized). */
export const MAX_BATCH_ROWS_PAGE = 500;
/** How many rows the preview shows as the requests they would make. */
export const PREVIEW_REQUESTS = 3;

const RowsFormat = z.enum(['csv', 'jsonl']);
/** The rows a batch fires: CSV with a header row, or JSON Lines; the format guessed from the text when not given. */
const Rows = {
  robotId: Id,
  presetId: Id,
  text: z.string().min(1, 'give at least a header and one row').max(MAX_BATCH_ROWS_TEXT),
  format: RowsFormat.optional(),
};
/**
 * The preset's secret fields, given once for the batch: they go from the
 * window to main only, are never stored, logged or sent back, and a resumed
 * batch is given them again. Only secret fields are taken (BatchOps refuses
 * any other name).
 */
const Secrets = FieldValuesInput;
const Concurrency = z.number().int().min(1).max(64);
/** Paths of each row's call shown as columns (`response.invoiceId`): its response, arguments and a few of its fields, nothing else. */
const Picks = z
  .array(
    z
      .string()
      .max(MAX_PICK_CHARS)
      .superRefine((path, ctx) => {
        const problem = pickPathProblem(path);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
  )
  .max(MAX_PICKS, `at most ${MAX_PICKS} columns`);

/** One thing wrong with the rows: 1 is the first row under the header, 0 the header itself. */
export const RowProblem = z.object({
  row: z.number().int().min(0),
  column: z.string().nullable(),
  message: z.string(),
});
export type RowProblem = z.infer<typeof RowProblem>;

export const BatchPreview = z.object({
  total: z.number().int().min(0),
  columns: z.array(z.string()),
  /** The first rows as the requests they would make (curl commands: the token as $ROBOT_TOKEN, a secret as its placeholder). */
  requests: z.array(z.string()),
  /** Every row is checked; when any problem is listed, nothing can be started. */
  problems: z.array(RowProblem),
});
export type BatchPreview = z.infer<typeof BatchPreview>;

/** A batch in the list, and whether the app runs it now. */
export const ListedBatch = BatchView.extend({ running: z.boolean() });
export type ListedBatch = z.infer<typeof ListedBatch>;

/**
 * Batches: a preset fired once for every row of a table, run by the app
 * (progress comes as `batch` events). The rows text is the window's (pasted,
 * or read from the file chosen in main's dialog); secrets go one way only.
 */
export const batchMethods = methods({
  /** Main asks for a CSV or JSON Lines file (null: cancelled) and answers its name and text. */
  chooseBatchRows: {
    request: NoRequest,
    response: z.object({ fileName: z.string(), text: z.string(), format: RowsFormat.nullable() }).nullable(),
  },
  /** Check every row (nothing is stored or sent) and show the first ones as requests. */
  previewBatch: {
    request: z.object({ ...Rows, secrets: Secrets.optional() }).strict(),
    response: BatchPreview,
  },
  /** Store the rows as a new batch and start running it; refused whole when any row does not fit. */
  startBatch: {
    request: z.object({ ...Rows, secrets: Secrets, concurrency: Concurrency.optional() }).strict(),
    response: BatchView,
  },
  /** Fire no more rows; rows in flight run to their end. */
  pauseBatch: { request: ById, response: BatchView },
  /** Go on firing a paused (or interrupted) batch's rows here; its secret fields are asked again. */
  resumeBatch: { request: ById.extend({ secrets: Secrets }).strict(), response: BatchView },
  /** Fire none of its pending rows, ever. */
  stopBatch: { request: ById, response: BatchView },
  /** A new batch of rows of this one (by default every row that ended other than done), started now. */
  runBatchAgain: {
    request: ById.extend({
      rows: z.array(z.number().int().min(1)).min(1).max(1_000_000).optional(),
      secrets: Secrets,
      concurrency: Concurrency.optional(),
    }).strict(),
    response: BatchView,
  },
  listBatches: { request: NoRequest, response: z.array(ListedBatch) },
  /** A page of a batch's results: each row's call, state, run time and the paths picked. */
  listBatchRows: {
    request: ById.extend({
      from: z.number().int().min(1),
      limit: z.number().int().min(1).max(MAX_BATCH_ROWS_PAGE),
      pick: Picks.optional(),
    }).strict(),
    response: z.array(RowResult),
  },
  /**
   * The columns a batch's results could show: the paths found in the
   * responses of its first done rows (names only, never a value; see
   * core/batch/batchColumns.ts), at most MAX_OFFERED_COLUMNS.
   */
  batchColumns: { request: ById, response: z.array(z.string()).max(MAX_OFFERED_COLUMNS) },
  /** The call a batch row made, to open it (null: the row made none, or it was forgotten). */
  batchRowCall: {
    request: ById.extend({ row: z.number().int().min(1) }).strict(),
    response: CallSummary.nullable(),
  },
  /** Main asks where to save (null: cancelled) and writes the batch's results as CSV or JSON Lines. */
  exportBatch: {
    request: ById.extend({ format: RowsFormat, pick: Picks.optional() }).strict(),
    response: z.object({ fileName: z.string() }).nullable(),
  },
});
