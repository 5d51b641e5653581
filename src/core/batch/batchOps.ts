import os from 'node:os';
import type { BatchProgress, BatchView, RowResult } from '../../shared/models/batch.ts';
import type { Call } from '../../shared/models/call.ts';
import type { Preset } from '../../shared/models/preset.ts';
import type { FieldValues } from '../../shared/models/presetFields.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { picksProblem } from '../../shared/models/pickPath.ts';
import { UNENDED_ROW_STATES } from '../../shared/models/rowStates.ts';
import type { Catalog } from '../catalog.ts';
import { AppError, asAppError } from '../errors.ts';
import { targetOf } from '../http/targetUrl.ts';
import { chosenRows } from './batchAgain.ts';
import type { InputTable } from './batchInput.ts';
import { BatchMeter } from './batchMeter.ts';
import { COLUMN_SAMPLE_ROWS, responseColumns } from './batchColumns.ts';
import { rowResults } from './batchResults.ts';
import { planBatch, planStoredRequests, problemLines, type RowProblem } from './batchPlan.ts';
import { checkedConcurrency, checkSecrets, secretFieldsOf } from './batchChecks.ts';
import { BatchRunner, type RowChange, type RunnerDeps } from './batchRunner.ts';
import type { BatchStore } from './batchStore.ts';
import { type BatchInfo, type BatchRow, DEFAULT_CONCURRENCY, type RowState } from './batchTypes.ts';

export type BatchDeps = Omit<RunnerDeps, 'fire'> & {
  catalog: Catalog;
  fire: (robotId: string, request: unknown, callId: string) => ReturnType<RunnerDeps['fire']>;
  /** The longest usual run of the robot's preset, learned from its calls (for the time left before rows end). */
  usualMs: (robotId: string, presetId: string | null) => number | undefined;
  /** Tell the app's listeners how a batch run by `start` goes. */
  announce: (progress: BatchProgress) => void;
};

/** How often a batch run by `start` announces its progress while rows change (and once at its end). */
const PROGRESS_EVERY_MS = 250;

/** A batch claimed by this process, about to be run. */
type Claimed = { batch: BatchInfo; runner: BatchRunner; origin: string };

/** A batch without its runner's process id and host: what the window and the tray are shown. */
export function batchView(batch: BatchInfo): BatchView {
  const { runner: _runner, ...view } = batch;
  return view;
}

/** Rows that break the preset's rules: nothing was stored or sent. `problems` lists each by row and column. */
export class BatchRowsError extends AppError {
  readonly problems: readonly RowProblem[];
  constructor(problems: readonly RowProblem[]) {
    super(
      'validation',
      `${problems.length === 1 ? 'A row does' : `${problems.length} rows or columns do`} not fit the preset; nothing was sent:\n` +
        problemLines(problems).join('\n'),
    );
    this.problems = problems;
  }
}

/**
 * Batches, as AppCore offers them: a robot's preset fired once for every
 * row of a table, stored (batchStore.ts) so that pausing, stopping and
 * resuming after a crash or restart never fires a row twice. Secret field
 * values are held in memory by the runner alone, never stored: a resumed
 * batch is given them again.
 */
export class BatchOps {
  readonly #d: BatchDeps;
  readonly #running = new Map<string, BatchRunner>();

  constructor(deps: BatchDeps) {
    this.#d = deps;
  }

  get store(): BatchStore {
    return this.#d.store;
  }

  /** Check every row against the preset; throws BatchRowsError listing the problems, so nothing is stored. */
  async plan(robotId: string, presetId: string, table: InputTable, secrets: FieldValues) {
    const { robot, preset } = await this.#robotPreset(robotId, presetId);
    checkSecrets(secretFieldsOf(preset), secrets);
    const plan = planBatch(robot, preset, table, secrets);
    if (plan.problems.length > 0) throw new BatchRowsError(plan.problems);
    return { robot, preset, requests: plan.requests };
  }

  /** A new batch of checked rows, stored, none fired yet. */
  async create(
    robotId: string,
    presetId: string,
    table: InputTable,
    options: { secrets?: FieldValues; concurrency?: number } = {},
  ): Promise<BatchInfo> {
    const concurrency = checkedConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
    const { robot, preset, requests } = await this.plan(robotId, presetId, table, options.secrets ?? {});
    return this.#store(robot, preset, requests, concurrency, null);
  }

  /**
   * A new batch, none fired yet, of rows of an earlier one (`rows` by number;
   * by default every row that ended other than done), from the requests it
   * stored, checked against the preset as it is now like any batch's rows.
   * The earlier batch is left as it is.
   */
  async again(
    id: string,
    options: { rows?: readonly number[]; secrets?: FieldValues; concurrency?: number } = {},
  ): Promise<BatchInfo> {
    const from = this.#d.store.get(id);
    if (from.presetId === null) throw new AppError('validation', `Batch ${from.id} has no preset.`);
    const concurrency = checkedConcurrency(options.concurrency ?? from.concurrency);
    const chosen = chosenRows(this.#d.store, from, options.rows);
    const { robot, preset } = await this.#robotPreset(from.robotId, from.presetId);
    const secrets = options.secrets ?? {};
    checkSecrets(secretFieldsOf(preset), secrets);
    const plan = planStoredRequests(robot, preset, chosen, secrets);
    if (plan.problems.length > 0) throw new BatchRowsError(plan.problems);
    return this.#store(robot, preset, plan.requests, concurrency, from.id);
  }

  /**
   * Run (or resume) a batch in this process until no row is pending or in
   * flight, or it is paused or stopped; `secrets` are the values of its
   * secret fields. Another live process running it is refused.
   */
  async run(id: string, secrets: FieldValues, onChange: (change: RowChange) => void = () => undefined) {
    return this.#drive(await this.#claim(id, secrets, onChange));
  }

  /**
   * Run (or resume) a batch as `run` does, without waiting for it: resolves
   * once it is claimed (a refusal rejects), then announces its progress
   * (deps.announce) at most every 250 ms while rows change, and once more
   * when this process stops running it (`running` false), with the error
   * that stopped it, if any.
   */
  async start(id: string, secrets: FieldValues): Promise<BatchInfo> {
    const batch = this.#d.store.get(id);
    const meter = new BatchMeter(batch, this.#d.usualMs(batch.robotId, batch.presetId), this.#d.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const announce = (running: boolean, error: unknown): void => {
      let view: BatchView;
      try {
        view = batchView(this.#d.store.get(batch.id));
      } catch {
        // The core closed under a running batch (the app quitting): its rows are resumed next time.
        return;
      }
      const { perSecond, etaMs } = meter.pace(this.#d.now());
      this.#d.announce({
        batch: view,
        running,
        perSecond,
        etaMs,
        error: error === undefined ? null : asAppError(error).toShape(),
      });
    };
    const claimed = await this.#claim(batch.id, secrets, (change) => {
      meter.change(change);
      timer ??= setTimeout(() => {
        timer = undefined;
        announce(true, undefined);
      }, PROGRESS_EVERY_MS);
    });
    announce(true, undefined);
    void this.#drive(claimed)
      .then(
        () => announce(false, undefined),
        (error: unknown) => announce(false, error),
      )
      .finally(() => clearTimeout(timer));
    return this.#d.store.get(batch.id);
  }

  /** Whether this process runs the batch now. */
  isRunning = (id: string): boolean => this.#running.has(id);

  /** Fire no more rows (rows in flight are followed to their end); `run` fires the rest later. */
  pause(id: string): Promise<BatchInfo> {
    return this.#setState(id, 'paused', ['running']);
  }

  /** Fire no more rows, ever: its pending rows stay unfired. */
  stop(id: string): Promise<BatchInfo> {
    return this.#setState(id, 'stopped', ['running', 'paused']);
  }

  /** Leave the rows in flight to whoever resumes the batch (this process is ending). */
  detach(id: string): void {
    this.#running.get(id)?.detach();
  }

  list = (limit?: number): BatchInfo[] => this.#d.store.list(limit);
  get = (id: string): BatchInfo => this.#d.store.get(id);
  rows = (
    id: string,
    options?: { from?: number; limit?: number; states?: readonly RowState[] },
  ): BatchRow[] => this.#d.store.rows(this.#d.store.get(id).id, options);

  /** Each row's outcome, in order (see rows for the options): its call, state, run time and the paths of its call picked. */
  results = (
    id: string,
    options: { from?: number; limit?: number; pick?: readonly string[] } = {},
  ): RowResult[] => {
    // Every entry (the CLI's --pick, the window's columns) is held to the same columns: never a call's echo prints.
    const problem = picksProblem(options.pick ?? []);
    if (problem !== null) throw new AppError('validation', problem);
    return rowResults(this.rows(id, options), this.#d.findCall, options.pick ?? []);
  };

  /** The paths the results could show as columns, from the responses of the batch's first done rows. */
  columns = (id: string): string[] =>
    responseColumns(this.rows(id, { states: ['done'], limit: COLUMN_SAMPLE_ROWS }), this.#d.findCall);

  /** The call row `n` of the batch made, if it made one (and it was not forgotten). */
  rowCall = (id: string, n: number): Call | undefined => {
    const row = this.rows(id, { from: n, limit: 1 })[0];
    return row?.n !== n || row.callId === null ? undefined : this.#d.findCall(row.callId);
  };

  async #claim(id: string, secrets: FieldValues, onChange: (change: RowChange) => void): Promise<Claimed> {
    const batch = this.#d.store.get(id);
    if (batch.state === 'finished' || batch.state === 'stopped')
      throw new AppError('validation', `Batch ${batch.id} is ${batch.state}; make a new batch for its rows.`);
    if (batch.presetId === null) throw new AppError('validation', `Batch ${batch.id} has no preset.`);
    checkSecrets(batch.secretFields, secrets);
    const robot = await this.#d.catalog.requireRobot(batch.robotId);
    if (this.#running.has(batch.id))
      throw new AppError('validation', `Batch ${batch.id} is running already.`);
    await this.#d.store.claim(batch.id, process.pid, os.hostname(), isAlive);
    const runner = new BatchRunner(
      { ...this.#d, fire: (request, callId) => this.#d.fire(batch.robotId, request, callId) },
      batch,
      secrets,
      onChange,
    );
    this.#running.set(batch.id, runner);
    return { batch, runner, origin: targetOf(robot).origin };
  }

  async #drive({ batch, runner, origin }: Claimed): Promise<BatchInfo> {
    try {
      if (batch.state === 'paused') await this.#d.store.setState(batch.id, 'running');
      await runner.run(origin);
      const left = this.#d.store.rows(batch.id, { states: UNENDED_ROW_STATES, limit: 1 });
      if (left.length === 0 && this.#d.store.stateOf(batch.id) === 'running')
        await this.#d.store.setState(batch.id, 'finished');
    } finally {
      this.#running.delete(batch.id);
      await this.#d.store.release(batch.id);
    }
    return this.#d.store.get(batch.id);
  }

  async #robotPreset(robotId: string, presetId: string): Promise<{ robot: Robot; preset: Preset }> {
    const robot = await this.#d.catalog.requireRobot(robotId);
    const preset = await this.#d.catalog.requirePreset(presetId);
    if (preset.robotId !== robot.id)
      throw new AppError('validation', `Preset "${preset.name}" belongs to another robot.`);
    return { robot, preset };
  }

  #store(
    robot: Robot,
    preset: Preset,
    requests: BatchRow['request'][],
    concurrency: number,
    againOf: string | null,
  ): Promise<BatchInfo> {
    const meta = {
      robotId: robot.id,
      presetId: preset.id,
      robotName: robot.name,
      presetName: preset.name,
      concurrency,
      secretFields: secretFieldsOf(preset),
      againOf,
    };
    return this.#d.store.create(this.#d.newId(), meta, requests, this.#d.now());
  }

  async #setState(id: string, state: 'paused' | 'stopped', from: readonly string[]): Promise<BatchInfo> {
    const batch = this.#d.store.get(id);
    if (!from.includes(batch.state))
      throw new AppError('validation', `Batch ${batch.id} is ${batch.state}, so it cannot be ${state}.`);
    await this.#d.store.setState(batch.id, state);
    return this.#d.store.get(batch.id);
  }
}

/** Whether a process of this host is still running (kill -9 leaves its batch marked as run by it). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
