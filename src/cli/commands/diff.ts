import { Command } from 'commander';
import type { CallDetail } from '../../shared/models/call.ts';
import { integerParser, run } from '../command.ts';
import { usageError } from '../cliError.ts';
import { withCore } from '../coreAccess.ts';
import { printJson, printLine } from '../output.ts';

type DiffOptions = { limit: number; json?: boolean };

/**
 * `diff CALL1 CALL2`: where two calls' responses differ, path by path, with
 * the same structural diff (src/shared/responseDiff.ts) the window shows
 * under "Compared with the previous run": numbers compared digit for digit,
 * values previewed in 120 characters.
 */
export function diffCommand(): Command {
  return new Command('diff')
    .description("show where two calls' responses differ, path by path (as the window compares runs)")
    .argument('<CALL1>', 'the earlier call (local id, first characters, or webhookCallId)')
    .argument('<CALL2>', 'the later call')
    .option('--limit <N>', 'show at most this many differences', integerParser(1, 100_000), 500)
    .option('--json', 'print { before, after, lines: [{ kind, path, before?, after? }], truncated } as JSON')
    .action(run(diffCalls));
}

async function diffCalls(first: string, second: string, options: DiffOptions): Promise<void> {
  const { diffTexts } = await import('../../shared/responseDiff.ts');
  await withCore(async (core) => {
    const [before, after] = [core.callDetail(first), core.callDetail(second)];
    const diff = diffTexts(responseOf(before), responseOf(after), options.limit);
    if (options.json === true) return printJson({ before: before.id, after: after.id, ...diff });
    if (diff.lines.length === 0) {
      return printLine(`Same response in call ${before.id} and call ${after.id}.`);
    }
    const shown = diff.lines.map((line) => {
      const sign = line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : '~';
      const values =
        line.kind === 'changed'
          ? `${line.before} → ${line.after}`
          : line.kind === 'added'
            ? line.after
            : line.before;
      return `${sign} ${line.path}  ${values}`;
    });
    const count = diff.truncated
      ? `the first ${diff.lines.length} differences (there are more; raise --limit)`
      : `${diff.lines.length} difference${diff.lines.length === 1 ? '' : 's'}`;
    printLine(`From call ${before.id} to call ${after.id}, ${count}:\n${shown.join('\n')}`);
  });
}

function responseOf(call: CallDetail): string {
  if (call.responseJson === undefined) {
    throw usageError(`Call ${call.id} has no response to compare (it is ${call.state}).`);
  }
  return call.responseJson;
}
