/**
 * What masking a call's secrets out of a large answer costs, against what
 * reading the answer costs anyway: every status answer is masked before it
 * is parsed (src/core/echo/echoMask.ts), by a process that may know the
 * call's secrets only from their prints.
 *
 *   npm run bench:mask [-- --mb 20 --runs 9]
 *
 * Both sides are CPU time in this process, the median of interleaved runs:
 * JSON.parse of the answer (the floor any reader pays) and the mask of a
 * call's token and two secret field values, built from prints as another
 * process would build it. Two answers: plain rows, and rows full of escapes
 * and `+` (which a naive scan would have to decode everywhere).
 */
import { EchoMask } from '../src/core/echo/echoMask.ts';
import { EchoKeys } from '../src/core/vault/echoKeys.ts';
import { generatedObject } from '../src/sandbox/responses.ts';
import { memorySecrets } from '../test/support/memorySecrets.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';
import { spread, spreadText } from './support/spread.ts';

const { values, out } = benchArgs(
  { mb: { type: 'string', default: '20' }, runs: { type: 'string', default: '9' } },
  { mb: '1', runs: '2' },
);
const MB = Math.min(Math.max(Number(values.mb), 1), 200);
const RUNS = Math.min(Math.max(Math.round(Number(values.runs)), 1), 31);

const TOKEN = 'bench-Token+/0123456789abcdefXYZ';
const SECRETS = [TOKEN, 'pin-4711', 'IBAN DE89 3704 0044 0532 0130 00'];

function cpuMs(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The answer as a service sends it: DONE with a generated response of about `mb` MiB. */
function answerText(escaped: boolean): string {
  const response = generatedObject(MB * 2 ** 20);
  const text = JSON.stringify({ status: 'DONE', response });
  // Rows full of escapes and "+": the spellings a mask must also read.
  return escaped ? text.replaceAll('sandbox', 'sand\\u0062ox \\"+1\\/2\\"') : text;
}

const keychain = memorySecrets();
const prints = await new EchoKeys(keychain).prints(SECRETS);
// Another process's mask: built from the record's prints alone.
const mask = (await new EchoKeys(keychain).maskFor({ id: 'bench-call', echoPrints: prints })).with(
  EchoMask.ofSecrets([TOKEN]),
);

function measure(label: string, text: string) {
  const parse: number[] = [];
  const masked: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    parse.push(cpuMs(() => JSON.parse(text)));
    masked.push(cpuMs(() => mask.mask(text, 'json')));
  }
  const p = spread(parse);
  const m = spread(masked);
  console.log(
    `${label}: ${(text.length / 2 ** 20).toFixed(1)} MiB; JSON.parse ${spreadText(p, 'ms')}; mask ${spreadText(m, 'ms')}`,
  );
  return { p, m, mib: text.length / 2 ** 20 };
}

const plain = measure('plain rows', answerText(false));
const escaped = measure('escaped rows', answerText(true));
const target = {
  on: 'ratio' as const,
  op: '<=' as const,
  limit: 0.25,
  source: 'issue 32 (a 20 MB response)',
};
await reportFigures(
  [
    figure({
      name: `mask: a ${plain.mib.toFixed(0)} MiB answer masked of 3 secrets from their prints`,
      value: plain.m.median,
      unit: 'ms',
      baseline: { name: 'JSON.parse of the same answer', value: plain.p.median, unit: 'ms' },
      target,
      found: `CPU, median of ${RUNS} interleaved runs: mask ${spreadText(plain.m, 'ms')}, parse ${spreadText(plain.p, 'ms')}`,
    }),
    figure({
      name: `mask: a ${escaped.mib.toFixed(0)} MiB answer full of escapes and "+"`,
      value: escaped.m.median,
      unit: 'ms',
      baseline: { name: 'JSON.parse of the same answer', value: escaped.p.median, unit: 'ms' },
      target,
      found: `CPU, median of ${RUNS} interleaved runs: mask ${spreadText(escaped.m, 'ms')}, parse ${spreadText(escaped.p, 'ms')}`,
    }),
  ],
  out,
);
