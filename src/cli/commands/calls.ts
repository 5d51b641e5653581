import { Command, InvalidArgumentError } from 'commander';
import { callStates, type CallStateName as CallState } from '../../shared/models/callStates.ts';
import { callJson } from '../callReport.ts';
import { callsOfRobot } from '../callRobots.ts';
import type { UsualRun } from '../../shared/models/usualRun.ts';
import { integerParser, run } from '../command.ts';
import { refreshWaiting } from '../refreshWaiting.ts';
import { withCore } from '../coreAccess.ts';
import { formatTable, formatTime, printJson, printLine, printProblem } from '../output.ts';

type CallsOptions = { robot?: string; state?: CallState[]; limit: number; json?: boolean; refresh: boolean };

function collectState(value: string, previous: CallState[] = []): CallState[] {
  const states = value.split(',').map((s) => s.trim().toLowerCase());
  for (const state of states) {
    if (!(callStates as readonly string[]).includes(state)) {
      throw new InvalidArgumentError(`expected one of ${callStates.join(', ')}.`);
    }
  }
  return [...previous, ...(states as CallState[])];
}

export function callsCommand(): Command {
  return new Command('calls')
    .description('list recent calls, newest first')
    .option('--robot <NAME>', 'only calls of this robot (a removed robot by the name its calls keep)')
    .option(
      '--state <STATE>',
      `only calls in this state (${callStates.join(', ')}); repeat or use commas`,
      collectState,
    )
    .option('--limit <N>', 'at most this many calls', integerParser(1, 10_000), 20)
    .option('--json', 'print the call records as JSON')
    .option(
      '--no-refresh',
      'do not ask the service about calls listed as waiting (by default up to 20 are asked once each, within 3 s, unless the app is watching them)',
    )
    .action(run(listCalls));
}

/** "12–20 s" of "usually done in 12–20 s"; "-" before ten runs finished. */
function usualColumn(usual: UsualRun | undefined): string {
  return usual === undefined ? '-' : usual.text.replace(/^usually done in /, '');
}

async function listCalls(options: CallsOptions): Promise<void> {
  await withCore(async (core) => {
    const filter = { states: options.state, limit: options.limit };
    const list = () =>
      options.robot === undefined ? core.listCalls(filter) : callsOfRobot(core, options.robot, filter);
    let calls = await list();
    let unverified = new Set<string>();
    if (options.refresh) {
      unverified = await refreshWaiting(core, calls);
      // Calls that ended since are now in another state: list again with the same filter.
      calls = await list();
    }
    // How long calls like each usually run, once its preset or robot has ten finished runs.
    const usual = new Map(calls.map((c) => [c.id, core.usualRun(c)]));
    if (options.json === true) {
      return printJson(
        calls.map((c) => callJson(usual.get(c.id) === undefined ? c : { ...c, usual: usual.get(c.id) })),
      );
    }
    if (calls.length === 0) return printLine('No calls found.');
    printLine(
      formatTable(
        ['CALL', 'ROBOT', 'PRESET', 'STATE', 'CREATED', 'POLLS', 'USUALLY', 'WEBHOOKCALLID'],
        calls.map((c) => [
          c.id,
          c.robotName,
          c.presetName ?? '-',
          unverified.has(c.id) && c.state === 'waiting' ? 'waiting?' : c.state,
          formatTime(c.createdAt),
          String(c.pollCount),
          usualColumn(usual.get(c.id)),
          c.webhookCallId ?? '-',
        ]),
      ),
    );
    if (calls.some((c) => usual.get(c.id) !== undefined)) {
      printProblem(
        'USUALLY = how long calls of that preset (else robot) usually run: the middle half of its recent finished runs',
      );
    }
    if (calls.some((c) => unverified.has(c.id) && c.state === 'waiting')) {
      printProblem(
        'waiting? = not verified now (the service did not answer in time, or more than 20 were waiting); see one with: robot-tray call show CALL',
      );
    }
  });
}
