/**
 * The performance table of docs/performance.md, made from bench/results.json
 * and nothing else, so no figure in it can be typed by hand (a unit test
 * compares the file with what this makes from the committed results).
 */
import { format, resolveConfig } from 'prettier';
import { figureRow } from './format.ts';
import type { Results } from './results.ts';

export const SECTION_START =
  '<!-- performance:start: made by `npm run bench:readme` from bench/results.json; edits here are overwritten -->';
export const SECTION_END = '<!-- performance:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function machineLine(results: Results): string {
  const m = results.machine;
  const when = `${results.date.slice(0, 10)} ${results.date.slice(11, 16)} UTC`;
  const busy =
    m.loadAtStart[0]! > m.cores
      ? ' (more runnable work than cores: the machine was shared, so times are longer and noisier than on a quiet one)'
      : '';
  return (
    `Measured by \`npm run bench${results.short ? ' -- --short` (tiny counts: not figures to quote)' : '`'}, ` +
    `finished ${when}, on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, Node ${m.node}; ` +
    `load average ${m.loadAtStart.join(' / ')} (1 / 5 / 15 min) as the run started${busy}, ` +
    `${m.loadAtEnd.join(' / ')} as it ended. Loopback only; sandbox and load generator in separate processes. ` +
    'Each ratio is the figure over its baseline, measured in the same run; a target not reached says MISSED.'
  );
}

/** The text between the markers, formatted as the repository's Prettier check wants it. */
export async function performanceSection(results: Results, docPath: string): Promise<string> {
  const header = ['figure', 'measured', 'baseline, same run', 'ratio', 'target', 'met', 'run alone'];
  const rows: string[][] = [];
  for (const bench of results.benchmarks) {
    for (const f of bench.figures) rows.push([...figureRow(f), `\`${bench.command}\``]);
    if (bench.error !== null) {
      rows.push([
        `${bench.name}: the benchmark failed`,
        bench.error,
        '',
        '',
        '',
        'MISSED',
        `\`${bench.command}\``,
      ]);
    }
  }
  const table = [header, header.map(() => '---'), ...rows]
    .map((r) => `| ${r.map(cell).join(' | ')} |`)
    .join('\n');
  const markdown = `${machineLine(results)}\n\n${table}\n`;
  const options = (await resolveConfig(docPath)) ?? {};
  return format(markdown, { ...options, parser: 'markdown' });
}

/** `doc` with the text between the markers replaced by `section`. */
export function withSection(doc: string, section: string): string {
  const start = doc.indexOf(SECTION_START);
  const end = doc.indexOf(SECTION_END);
  if (start < 0 || end < start) {
    throw new Error(`docs/performance.md has no performance markers (${SECTION_START} … ${SECTION_END})`);
  }
  return `${doc.slice(0, start + SECTION_START.length)}\n\n${section}\n${doc.slice(end)}`;
}
