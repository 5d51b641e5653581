import path from 'node:path';
import { readRows, type RowsFormat } from '../../../core/batch/batchInput.ts';
import { batchView, BatchRowsError } from '../../../core/batch/batchOps.ts';
import { fireRequestOf } from '../../../core/batch/batchPlan.ts';
import { resultsCsv, resultsJsonLines } from '../../../core/batch/batchResults.ts';
import { AppError } from '../../../core/errors.ts';
import { problemWords, readUserFile, UserFileError } from '../../../core/files/readUserFile.ts';
import { type batchMethods, PREVIEW_REQUESTS } from '../../../shared/ipc/contract/batches.ts';
import { MAX_BATCH_ROWS_TEXT } from '../../../shared/limits.ts';
import { writeChosenFile } from './chosenFile.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

const ROWS_FILES = [
  { name: 'CSV or JSON Lines', extensions: ['csv', 'jsonl', 'ndjson', 'txt', 'tsv'] },
  { name: 'All files', extensions: ['*'] },
];

/** The format a file's name says, or null to guess from its text. */
function formatOfName(fileName: string): RowsFormat | null {
  if (/\.(jsonl|ndjson)$/i.test(fileName)) return 'jsonl';
  return /\.(csv|tsv)$/i.test(fileName) ? 'csv' : null;
}

/**
 * Batches the app runs for the window. The secret fields' values come with
 * startBatch, resumeBatch and runBatchAgain, go to the batch's runner in
 * memory and nowhere else: no answer, event, log or file carries them.
 */
export function batchHandlers(ctx: HandlerContext): HandlersOf<typeof batchMethods> {
  const { core } = ctx;
  const { batches } = core;
  const view = (id: string) => batchView(batches.get(id));
  return {
    chooseBatchRows: async () => {
      const file = await ctx.chooseFile({ title: 'Choose the rows', filters: ROWS_FILES });
      if (file === null) return null;
      let bytes: Buffer;
      try {
        bytes = await readUserFile(file, MAX_BATCH_ROWS_TEXT);
      } catch (error) {
        if (!(error instanceof UserFileError)) throw error;
        throw new AppError(
          'validation',
          `File "${path.basename(file)}" ${problemWords(error.problem)}. Choose a CSV or JSON Lines file.`,
        );
      }
      const fileName = path.basename(file);
      return { fileName, text: bytes.toString('utf8'), format: formatOfName(fileName) };
    },
    previewBatch: async ({ robotId, presetId, text, format, secrets = {} }) => {
      const table = readRows(text, format);
      const seen = { total: table.rows.length, columns: table.columns };
      try {
        const { requests } = await batches.plan(robotId, presetId, table, secrets);
        const shown = await Promise.all(
          requests
            .slice(0, PREVIEW_REQUESTS)
            .map((request) => core.curlCommand(robotId, fireRequestOf(presetId, request, secrets))),
        );
        return { ...seen, requests: shown, problems: [] };
      } catch (error) {
        if (error instanceof BatchRowsError) return { ...seen, requests: [], problems: [...error.problems] };
        throw error;
      }
    },
    startBatch: async ({ robotId, presetId, text, format, secrets, concurrency }) => {
      const batch = await batches.create(robotId, presetId, readRows(text, format), {
        secrets,
        ...(concurrency === undefined ? {} : { concurrency }),
      });
      return batchView(await batches.start(batch.id, secrets));
    },
    pauseBatch: async ({ id }) => batchView(await batches.pause(id)),
    resumeBatch: async ({ id, secrets }) => batchView(await batches.start(id, secrets)),
    stopBatch: async ({ id }) => batchView(await batches.stop(id)),
    runBatchAgain: async ({ id, rows, secrets, concurrency }) => {
      const batch = await batches.again(id, {
        secrets,
        ...(rows === undefined ? {} : { rows }),
        ...(concurrency === undefined ? {} : { concurrency }),
      });
      return batchView(await batches.start(batch.id, secrets));
    },
    listBatches: () => batches.list().map((b) => ({ ...batchView(b), running: batches.isRunning(b.id) })),
    listBatchRows: ({ id, from, limit, pick }) =>
      batches.results(id, { from, limit, ...(pick === undefined ? {} : { pick }) }),
    batchColumns: ({ id }) => batches.columns(id),
    batchRowCall: ({ id, row }) => {
      const made = batches.rowCall(id, row);
      return made === undefined ? null : core.summary(made);
    },
    exportBatch: async ({ id, format, pick = [] }) => {
      const batch = view(id);
      const results = batches.results(batch.id, { pick });
      const file = await ctx.chooseSaveFile({
        title: 'Export the results',
        defaultName: `batch-${batch.id.slice(0, 8)}.${format}`,
        filters: [{ name: format === 'csv' ? 'CSV' : 'JSON Lines', extensions: [format] }],
      });
      if (file === null) return null;
      const text = format === 'csv' ? resultsCsv(results, pick) : resultsJsonLines(results);
      try {
        await writeChosenFile(file, text);
      } catch {
        throw new AppError(
          'storage',
          'Robot Tray could not write that file. Choose a folder you can write to.',
        );
      }
      return { fileName: path.basename(file) };
    },
  };
}
