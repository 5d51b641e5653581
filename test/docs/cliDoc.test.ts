import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import {
  CLI_DOC_FILE,
  CLI_DOC_TEMPLATE,
  cliDocText,
  currentCliDoc,
  listedCommands,
} from '../../scripts/generate/cliDoc.ts';
import { EXAMPLES } from '../../src/cli/examples.ts';
import { buildProgram } from '../../src/cli/program.ts';

/** docs/cli.md is the CLI's own help, so it cannot say what the CLI no longer does. */
describe('docs/cli.md, the CLI reference', () => {
  test('is what `npm run generate` writes from the commander program and its template', async () => {
    // A Windows checkout may turn line ends into CRLF; the text is what is compared.
    const committed = (await readFile(CLI_DOC_FILE, 'utf8')).replaceAll('\r\n', '\n');
    expect(committed, 'docs/cli.md is stale: run `npm run generate`').toBe(await currentCliDoc());
  });

  test('shows every command people see in --help, each one run with its examples', async () => {
    const doc = await currentCliDoc();
    const program = buildProgram('0.0.0');
    const listed = listedCommands(program);
    expect(listed.length).toBeGreaterThan(40);
    for (const command of listed) {
      let path = command.name();
      for (let c = command.parent; c?.parent; c = c.parent) path = `${c.name()} ${path}`;
      expect(doc, path).toContain(`\`robot-tray ${path}\``);
      // A command one runs (not a noun that only groups others) comes with an example.
      if (command.commands.length === 0)
        expect(EXAMPLES[path]?.length ?? 0, `examples for ${path}`).toBeGreaterThan(0);
      for (const example of EXAMPLES[path] ?? [])
        expect(doc, path).toContain(example.split('\n')[0]!.trimEnd());
    }
    // The short forms are named once in the top help, not given sections of their own.
    expect(doc).not.toContain('`robot-tray status`');
  });

  test('an option added to a command changes the reference, so a stale file is caught', async () => {
    const template = await readFile(CLI_DOC_TEMPLATE, 'utf8');
    const program = buildProgram('0.0.0');
    program.commands
      .find((c) => c.name() === 'fire')!
      .option('--brand-new-flag', 'a flag docs/cli.md has not heard of');
    const changed = await cliDocText(program, template);
    expect(changed).toContain('--brand-new-flag');
    expect(changed).not.toBe(await currentCliDoc());
  });

  test('the hand-written parts come from the template, around the generated commands', async () => {
    const doc = await currentCliDoc();
    expect(doc.indexOf('## Exit codes')).toBeGreaterThan(0);
    expect(doc.indexOf('## Exit codes')).toBeLessThan(doc.indexOf('## Commands'));
    await expect(cliDocText(buildProgram('0.0.0'), '# no mark\n')).rejects.toThrow(/no <!-- commands -->/);
  });
});
