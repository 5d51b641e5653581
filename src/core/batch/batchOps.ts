import os from 'node:os';
import type { FieldValues } from '../../shared/models/presetFields.ts';
import type { Catalog } from '../catalog.ts';
import { AppError } from '../errors.ts';
import { targetOf } from '../http/targetUrl.ts';
import type { InputTable } from './batchInput.ts';
import { planBatch, problemLines, type RowProblem } from './batchPlan.ts';
import { BatchRunner, type RowChange, type RunnerDeps } from './batchRunner.ts';
import type { BatchStore } from './batchStore.ts';
import {
  type BatchInfo,
  type BatchRow,
  DEFAULT_CONCURRENCY,
  MAX_CONCURRENCY,
  type RowState,
} from './batchTypes.ts';

export type BatchDeps = Omit<RunnerDeps, 'fire'> & {
  catalog: Catalog;
  fire: (robotId: string, request: unknown, callId: string) => ReturnType<RunnerDeps['fire']>;
};

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
    const robot = await this.#d.catalog.requireRobot(robotId);
    const preset = await this.#d.catalog.requirePreset(presetId);
    if (preset.robotId !== robot.id)
      throw new AppError('validation', `Preset "${preset.name}" belongs to another robot.`);
    this.#checkSecrets(
      preset.fields.filter((f) => f.secret).map((f) => f.name),
      secrets,
    );
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
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY)
      throw new AppError('validation', `concurrency: expected a whole number from 1 to ${MAX_CONCURRENCY}.`);
    const { robot, preset, requests } = await this.plan(robotId, presetId, table, options.secrets ?? {});
    const meta = {
      robotId: robot.id,
      presetId: preset.id,
      robotName: robot.name,
      presetName: preset.name,
      concurrency,
      secretFields: preset.fields.filter((f) => f.secret).map((f) => f.name),
    };
    return this.#d.store.create(this.#d.newId(), meta, requests, this.#d.now());
  }

  /**
   * Run (or resume) a batch in this process until no row is pending or in
   * flight, or it is paused or stopped; `secrets` are the values of its
   * secret fields. Another live process running it is refused.
   */
  async run(id: string, secrets: FieldValues, onChange: (change: RowChange) => void = () => undefined) {
    const batch = this.#d.store.get(id);
    if (batch.state === 'finished' || batch.state === 'stopped')
      throw new AppError('validation', `Batch ${batch.id} is ${batch.state}; make a new batch for its rows.`);
    if (batch.presetId === null) throw new AppError('validation', `Batch ${batch.id} has no preset.`);
    this.#checkSecrets(batch.secretFields, secrets);
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
    try {
      if (batch.state === 'paused') await this.#d.store.setState(batch.id, 'running');
      await runner.run(targetOf(robot).origin);
      const left = this.#d.store.rows(batch.id, {
        states: ['pending', 'firing', 'sending', 'waiting'],
        limit: 1,
      });
      if (left.length === 0 && this.#d.store.stateOf(batch.id) === 'running')
        await this.#d.store.setState(batch.id, 'finished');
    } finally {
      this.#running.delete(batch.id);
      await this.#d.store.release(batch.id);
    }
    return this.#d.store.get(batch.id);
  }

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

  async #setState(id: string, state: 'paused' | 'stopped', from: readonly string[]): Promise<BatchInfo> {
    const batch = this.#d.store.get(id);
    if (!from.includes(batch.state))
      throw new AppError('validation', `Batch ${batch.id} is ${batch.state}, so it cannot be ${state}.`);
    await this.#d.store.setState(batch.id, state);
    return this.#d.store.get(batch.id);
  }

  #checkSecrets(names: readonly string[], secrets: FieldValues): void {
    const missing = names.filter((name) => secrets[name] === undefined || secrets[name] === '');
    if (missing.length > 0)
      throw new AppError(
        'validation',
        `The batch needs the secret field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, given once for all rows and never kept.`,
      );
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
