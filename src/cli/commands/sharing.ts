import { Command } from 'commander';
import type { ExistingChoice } from '../../core/sharing/importPlan.ts';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { writeOutputFile } from '../outputFile.ts';
import { withCore } from '../coreAccess.ts';
import { ExitCode } from '../exitCodes.ts';
import { importCounts, importPlanText } from '../importPlanText.ts';
import { printJson, printLine, printProblem, shellWord } from '../output.ts';

type ExportOptions = { robot?: string[] };
type ImportOptions = { dryRun?: boolean; replace?: boolean; skipExisting?: boolean; json?: boolean };

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function exportCommand(): Command {
  return new Command('export')
    .description('write robots and their presets to a file to share: never a token, history or local path')
    .argument('<FILE>', 'the file to write, or - for stdout')
    .option('--robot <NAME>', 'export only this robot (repeatable); default: every robot', collect)
    .addHelpText('after', '\nExample:\n  robot-tray export --robot "Invoice sync" team.json')
    .action(run(exportRobots));
}

export function importCommand(): Command {
  return new Command('import')
    .description('add robots and presets from an export file, showing what is added, replaced or skipped')
    .argument('<FILE>', 'a file written by robot-tray export or Export… in the app')
    .option('--dry-run', 'only print what would change')
    .option('--replace', 'replace robots that already exist here (by name)')
    .option('--skip-existing', 'leave robots that already exist here as they are')
    .option('--json', 'print the plan as JSON')
    .addHelpText(
      'after',
      '\nRobots already here (by name) are refused unless --replace or --skip-existing says what to do.',
    )
    .action(run(importRobots));
}

async function exportRobots(file: string, options: ExportOptions): Promise<void> {
  await withCore(async (core) => {
    const exported = await core.exportCatalog({ robots: options.robot });
    const { exportText } = await import('../../core/sharing/exportCatalog.ts');
    const text = exportText(exported);
    if (file === '-') return void process.stdout.write(text);
    await writeOutputFile(file, text);
    const count = exported.robots.length;
    const presets = exported.robots.reduce((n, r) => n + r.presets.length, 0);
    printLine(
      `Exported ${count} ${count === 1 ? 'robot' : 'robots'} and ${presets} ${presets === 1 ? 'preset' : 'presets'} to ${file} (no tokens).`,
    );
  });
}

async function importRobots(file: string, options: ImportOptions): Promise<number> {
  if (options.replace === true && options.skipExisting === true)
    throw usageError('Use either --replace or --skip-existing, not both.');
  const existing: ExistingChoice | undefined =
    options.replace === true ? 'replace' : options.skipExisting === true ? 'skip' : undefined;
  return withCore(async (core) => {
    const exported = await core.readExportFile(file);
    const choices = existing === undefined ? {} : { existing };
    if (options.dryRun === true) {
      const plan = await core.planImport(exported, choices);
      if (options.json === true) printJson(plan);
      else printLine(importPlanText(plan, file));
      if (plan.ready) {
        if (options.json !== true) printLine('Dry run: nothing was changed.');
        return ExitCode.ok;
      }
      printProblem(
        'robot-tray: importing would be refused as it is: ' +
          (plan.robots.some((s) => s.action === 'conflict')
            ? 'add --replace or --skip-existing to say what to do with robots already here.'
            : 'a robot in the file cannot be imported (see above).'),
      );
      return ExitCode.usage;
    }
    const plan = await core.applyImport(exported, choices);
    if (options.json === true) {
      printJson(plan);
      return ExitCode.ok;
    }
    printLine(importPlanText(plan, file));
    printLine(`Imported: ${importCounts(plan)}.`);
    const needed = plan.robots.filter(
      (s) => s.action !== 'skip' && (s.token === 'needed' || s.token === 'removed'),
    );
    // Every robot that needs one, each with its own command: none is left to guess.
    if (needed.length > 0)
      printLine(
        `Set a token for each robot marked "token needed":\n${needed.map((s) => `  robot-tray token set ${shellWord(s.name)}`).join('\n')}`,
      );
    return ExitCode.ok;
  });
}
