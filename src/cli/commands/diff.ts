import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { CallDetail } from '../../shared/models/call.ts';
import { integerParser, run } from '../command.ts';
import { usageError } from '../cliError.ts';
import { withCore } from '../coreAccess.ts';
import { printJson, printLine } from '../output.ts';
import { namesFile, savedCallFromFile } from '../savedCallArg.ts';

type DiffOptions = { limit: number; json?: boolean };

/**
 * `diff CALL1 CALL2`: where two calls' responses differ, path by path, with
 * the same structural diff (src/shared/responseDiff.ts) the window shows
 * under "Compared with the previous run": numbers compared digit for digit,
 * values previewed in 120 characters. Either side may be a saved call
 * file (`robot-tray call save`, the app's "Save call…"): a run from another desk
 * against one made here.
 */
export function diffCommand(): Command {
  return new Command('diff')
    .description("show where two calls' responses differ, path by path (as the window compares runs)")
    .argument(
      '<CALL1>',
      'the earlier call (local id, first characters, or webhookCallId), or a saved call file',
    )
    .argument('<CALL2>', 'the later call, or a saved call file')
    .option('--limit <N>', 'show at most this many differences', integerParser(1, 100_000), 500)
    .option('--json', 'print { before, after, lines: [{ kind, path, before?, after? }], truncated } as JSON')
    .action(run(diffCalls));
}

async function diffCalls(first: string, second: string, options: DiffOptions): Promise<void> {
  const { diffTexts } = await import('../../shared/responseDiff.ts');
  await withCore(async (core) => {
    const [before, after] = [await sideOf(core, first), await sideOf(core, second)];
    const diff = diffTexts(responseOf(before), responseOf(after), options.limit);
    if (options.json === true) return printJson({ before: before.id, after: after.id, ...diff });
    if (diff.lines.length === 0) {
      return printLine(`Same response in ${before.name} and ${after.name}.`);
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
    printLine(`From ${before.name} to ${after.name}, ${count}:\n${shown.join('\n')}`);
  });
}

type Side = CallDetail & { name: string };

/** A side of the diff: its detail, and how the output names it ("call ID", or "call ID in FILE"). */
async function sideOf(core: AppCore, word: string): Promise<Side> {
  if (!namesFile(word)) {
    const local = core.callDetail(word);
    return { ...local, name: `call ${local.id}` };
  }
  const { call, file } = await savedCallFromFile(word);
  const { callDetail } = await import('../../shared/models/call.ts');
  return { ...callDetail(call), name: `call ${call.id} in ${file}` };
}

function responseOf(call: Side): string {
  if (call.responseJson === undefined) {
    throw usageError(
      `${call.name[0]!.toUpperCase()}${call.name.slice(1)} has no response to compare (it is ${call.state}).`,
    );
  }
  return call.responseJson;
}
