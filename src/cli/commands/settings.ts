import { Command } from 'commander';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { printJson, printLine } from '../output.ts';
import { describeHistory, historyFields } from './history.ts';
import { describeNetwork } from './network.ts';

/**
 * `robot-tray settings`: every setting the CLI shares with the app, read
 * only, as `gh config list` lists them; `history set` and `network set`
 * change them.
 */
export function settingsCommand(): Command {
  return new Command('settings')
    .description(
      'list the settings shared with the app: the history limits and the network (trust and proxy)',
    )
    .option('--json', 'print them as JSON: { history, network }')
    .action(
      run(async (options: { json?: boolean }) => {
        await withCore(async (core) => {
          const settings = core.getSettings();
          if (options.json === true)
            return printJson({ history: historyFields(settings), network: settings.network });
          printLine('History');
          printLine(describeHistory(settings));
          printLine('');
          printLine('Network');
          printLine(describeNetwork(settings, await core.hasProxyPassword()));
        });
      }),
    );
}
