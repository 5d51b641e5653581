import { Command, InvalidArgumentError } from 'commander';
import { callStates, type CallStateName as CallState } from '../../shared/models/callStates.ts';
import { callsOfRobot, currentRobotNames, robotNameNow } from '../callRobots.ts';
import { integerParser, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { formatTable, formatTime, printJson, printLine } from '../output.ts';

type CallsOptions = { robot?: string; state?: CallState[]; limit: number; json?: boolean };

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
    .action(run(listCalls));
}

async function listCalls(options: CallsOptions): Promise<void> {
  await withCore(async (core) => {
    const filter = { states: options.state, limit: options.limit };
    const calls =
      options.robot === undefined ? core.listCalls(filter) : await callsOfRobot(core, options.robot, filter);
    if (options.json === true) return printJson(calls);
    if (calls.length === 0) return printLine('No calls found.');
    const names = await currentRobotNames(core);
    printLine(
      formatTable(
        ['CALL', 'ROBOT', 'PRESET', 'STATE', 'CREATED', 'POLLS', 'WEBHOOKCALLID'],
        calls.map((c) => [
          c.id,
          robotNameNow(c, names),
          c.presetName ?? '-',
          c.state,
          formatTime(c.createdAt),
          String(c.pollCount),
          c.webhookCallId ?? '-',
        ]),
      ),
    );
  });
}
