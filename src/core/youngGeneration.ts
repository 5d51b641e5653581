import { setFlagsFromString } from 'node:v8';

/**
 * V8's young generation, where every new object starts, doubles whenever
 * enough objects have survived a collection since it last grew, up to 32
 * MiB semi-spaces (about 100 MiB of new space) in Node 24, and keeps that
 * size while allocation stays brisk. Under load (bench/load-faults.ts: 50
 * calls a second) that growth was nearly all of RSS's growth: 77 of 84 MiB,
 * while the heap in use stayed flat. Each call's requests, polls and
 * history writes allocate far more than the 1 KB/ms below which V8 shrinks
 * it again, so allocating less per call cannot hold it; this does.
 *
 * Growth factor 1: the young generation keeps the size it has when this is
 * called (at start, 1 MiB semi-spaces), and objects that outlive it move to
 * the old generation, which a full collection frees. V8 reads the factor
 * each time it would grow, so it works set at run time, where `--max-semi-
 * space-size` must be on the command line: the app's main process has none
 * of its own (Electron keeps V8's flags unfrozen so that this can be set).
 *
 * The app's main process calls this before loading anything else
 * (main/youngGenerationFirst.ts, its first import); the load benchmark too, to
 * measure the app as it runs. The CLI does not: its commands are short, and
 * its start (bench:cli) is where most of its allocation happens.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
