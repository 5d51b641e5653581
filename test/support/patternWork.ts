import { RE2JS } from 're2js';
import { expect, vi } from 'vitest';
import { MAX_FIELD_PATTERN_SIZE, MAX_PATTERN_CHECK_STEPS } from '../../src/shared/limits.ts';
import { COMPILE_STEPS } from '../../src/shared/models/presetFieldPattern.ts';

/** The pattern of the report: 49 characters of valid RE2, about 20,000 instructions, seconds per check. */
export const CRAFTED_PATTERN = '(a*){999}(a*){999}(a*){999}(a*){999}(a*){999}a*a*';

/** The work RE2 did: patterns compiled, their instructions, and instructions × characters matched. */
export type PatternWork = { compiles: number; compiled: number; matched: number };

/** The work in the units of MAX_PATTERN_STEPS. */
export const stepsOf = (work: PatternWork): number => work.matched + work.compiled * COMPILE_STEPS;

/**
 * Counts the work RE2 (re2js) really does in this process until `stop`, by
 * watching its compile and matcher: what Robot Tray spends, not what it
 * thinks it spends.
 */
export function countPatternWork(): { work: PatternWork; stop(): void } {
  const work: PatternWork = { compiles: 0, compiled: 0, matched: 0 };
  const compile = RE2JS.compile.bind(RE2JS);
  const compileSpy = vi.spyOn(RE2JS, 'compile').mockImplementation((source, flags) => {
    const pattern = compile(source, flags);
    work.compiles++;
    work.compiled += pattern.programSize();
    return pattern;
  });
  const matcher = RE2JS.prototype.matcher;
  const matcherSpy = vi.spyOn(RE2JS.prototype, 'matcher').mockImplementation(function (this: RE2JS, input) {
    work.matched += this.programSize() * String(input).length;
    return matcher.call(this, input);
  });
  return {
    work,
    stop: () => {
      compileSpy.mockRestore();
      matcherSpy.mockRestore();
    },
  };
}

export function workOf(run: () => void): PatternWork {
  const counting = countPatternWork();
  try {
    run();
  } finally {
    counting.stop();
  }
  return counting.work;
}

/**
 * A text field Robot Tray accepts alone that costs about as much as one may:
 * a pattern near the largest size, and the longest default it may check.
 * `i` makes each pattern distinct, so none is paid for twice.
 */
export function costlyField(i: number): { name: string; type: 'text'; pattern: string; default: string } {
  const pattern = `(a*){700}x{0,${i + 1}}`;
  const size = RE2JS.compile(pattern).programSize();
  expect(size).toBeLessThanOrEqual(MAX_FIELD_PATTERN_SIZE);
  return {
    name: `f${i}`,
    type: 'text',
    pattern,
    default: 'a'.repeat(Math.floor(MAX_PATTERN_CHECK_STEPS / size)),
  };
}
