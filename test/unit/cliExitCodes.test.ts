import { CommanderError } from 'commander';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { batchExitCode } from '../../src/cli/batchResults.ts';
import { CliError } from '../../src/cli/cliError.ts';
import { parseSeconds } from '../../src/cli/command.ts';
import { errorLine } from '../../src/cli/errorReport.ts';
import { ExitCode, exitCodeForError, exitCodeForState } from '../../src/cli/exitCodes.ts';
import { PromptInterrupted } from '../../src/cli/secretInput.ts';
import { AppError } from '../../src/core/errors.ts';
import type { BatchInfo } from '../../src/core/batch/batchTypes.ts';
import type { CallState } from '../../src/shared/models/call.ts';
import { ENDED_ROW_STATES, type RowStateName } from '../../src/shared/models/rowStates.ts';

describe('exit codes', () => {
  test.each<[CallState, number, number]>([
    ['done', 0, 0],
    ['waiting', 0, 4],
    ['sending', 0, 4],
    ['rejected', 3, 3],
    ['stopped', 4, 4],
    ['unreachable', 5, 5],
    ['unknown', 6, 6],
    ['expired', 6, 6],
    ['unexpected', 6, 6],
    ['failed', 10, 10],
  ])('%s: %i, or %i after waiting', (state, accepted, waited) => {
    expect(exitCodeForState(state, false)).toBe(accepted);
    expect(exitCodeForState(state, true)).toBe(waited);
  });

  test.each([
    [new AppError('validation', 'x'), 2],
    [new AppError('not-found', 'x'), 2],
    [new CliError('validation', 'x'), 2],
    [new AppError('http', 'x', { status: 401 }), 3],
    [new AppError('network', 'x'), 5],
    [new AppError('timeout', 'x'), 5],
    [new AppError('protocol', 'x'), 6],
    [new AppError('keychain', 'x'), 7],
    [new AppError('internal', 'x'), 1],
    [new TypeError('boom'), 1],
    ['a string', 1],
    [new CommanderError(1, 'commander.unknownOption', 'error: unknown option'), 2],
    [new CommanderError(1, 'commander.help', '(outputHelp)'), 2],
    [new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), 0],
    [new CommanderError(0, 'commander.version', '0.1.0'), 0],
    [new PromptInterrupted(), 130],
  ])('%o exits %i', (error, code) => {
    expect(exitCodeForError(error)).toBe(code);
  });
});

describe('a batch’s exit code', () => {
  const batch = (counts: BatchInfo['counts'], total: number) => ({ counts, total }) as BatchInfo;

  // Every state a row can end in, a new one too: none falls to the catch-all failure (1).
  test.each(ENDED_ROW_STATES.filter((s) => s !== 'done'))(
    'rows that all ended %s exit as one call that ended so after waiting',
    (state) => {
      expect(batchExitCode(batch({ done: 5, [state]: 2 }, 7))).toBe(
        exitCodeForState(state as CallState, true),
      );
    },
  );

  test('every row done is 0; rows left are 4; the worst end names the code', () => {
    expect(batchExitCode(batch({ done: 3 }, 3))).toBe(ExitCode.ok);
    for (const left of ['pending', 'firing', 'sending', 'waiting'] satisfies RowStateName[])
      expect(batchExitCode(batch({ done: 2, failed: 1, [left]: 1 }, 4))).toBe(ExitCode.notFinished);
    expect(batchExitCode(batch({ stopped: 1, rejected: 1, unknown: 1 }, 3))).toBe(ExitCode.unsettled);
  });
});

describe('error lines', () => {
  test('core and CLI messages are shown as they are, on one line', () => {
    expect(errorLine(new AppError('keychain', 'The keychain is locked. Unlock it.'))).toBe(
      'robot-tray: The keychain is locked. Unlock it.',
    );
  });

  test("commander's errors point at the command's help", () => {
    const error = Object.assign(
      new CommanderError(
        1,
        'commander.unknownCommand',
        "error: unknown command 'frie'\n(Did you mean fire?)",
      ),
      { commandPath: '' },
    );
    expect(errorLine(error)).toBe(
      "robot-tray: unknown command 'frie' (Did you mean fire?) See: robot-tray --help",
    );
    const missing = Object.assign(
      new CommanderError(1, 'commander.missingArgument', "error: missing required argument 'ROBOT'"),
      { commandPath: 'fire' },
    );
    expect(errorLine(missing)).toBe(
      "robot-tray: missing required argument 'ROBOT'. See: robot-tray fire --help",
    );
  });

  test('nothing more after help that commander printed, or Ctrl+C at the prompt', () => {
    expect(errorLine(new CommanderError(1, 'commander.help', '(outputHelp)'))).toBeUndefined();
    expect(errorLine(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'))).toBeUndefined();
    expect(errorLine(new PromptInterrupted())).toBeUndefined();
  });

  test('unexpected errors: their first line and how to see more, no stack', () => {
    const line = errorLine(
      new AppError('internal', 'Robot Tray hit an unexpected error.', {
        cause: new Error("EACCES: permission denied, mkdir '/x'\n    at somewhere"),
      }),
    );
    expect(line).toBe(
      "robot-tray: unexpected error: EACCES: permission denied, mkdir '/x' (run again with ROBOT_TRAY_DEBUG=1 to see where)",
    );
  });
});

describe('what an error line never repeats', () => {
  test('the value of an unknown --option=value (it may be a pasted token)', () => {
    const error = new CommanderError(
      1,
      'commander.unknownOption',
      "error: unknown option '--token=S3CRET-T0KEN'",
    );
    const line = errorLine(error);
    expect(line).toContain("'--token=…'");
    expect(line).not.toContain('S3CRET');
  });

  test('a --timeout longer than a timer can wait is a usage error', () => {
    expect(() => parseSeconds('2500000')).toThrow(/at most 2147483 seconds/);
    expect(parseSeconds('2147483')).toBe(2_147_483);
  });
});

describe('the exit codes as documented', () => {
  test('the table in docs/cli.md and --help name every exit code, failed (10) included', async () => {
    const doc = await readFile(path.join(import.meta.dirname, '../../docs/cli.md'), 'utf8');
    const table = doc.slice(doc.indexOf('**Exit codes.**')).split('\n\n')[1]!;
    const documented = [...table.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1]));
    expect(documented.sort((a, b) => a - b)).toEqual(Object.values(ExitCode).sort((a, b) => a - b));
    const help = await readFile(path.join(import.meta.dirname, '../../src/cli/program.ts'), 'utf8');
    for (const code of Object.values(ExitCode).filter((c) => c !== ExitCode.failure))
      expect(help).toMatch(new RegExp(`[\\s,]${code} [a-z]`));
  });
});
