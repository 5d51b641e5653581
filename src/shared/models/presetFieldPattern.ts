import { RE2JS } from 're2js';
import {
  MAX_FIELD_PATTERN_LENGTH,
  MAX_FIELD_PATTERN_SIZE,
  MAX_PATTERN_CHECK_STEPS,
  MAX_PATTERN_STEPS,
} from '../limits.ts';
import { patternSizeEstimate } from './patternSize.ts';

/*
 * What a field's pattern may cost. Patterns come from team catalogs and
 * imports, so their cost is bounded by construction, counted in steps rather
 * than timed (a count is the same on every machine and in every run):
 * checking a value costs about the compiled pattern's size times the value's
 * length (RE2 is linear in both), compiling about COMPILE_STEPS per
 * instruction. Bounded are a pattern's length and compiled size, the steps
 * one value may take, and the steps of everything one preset or one file
 * holds (MAX_PATTERN_STEPS, a few tens of milliseconds), so no file can hold
 * main, the CLI or the window for longer than that.
 */

/** What one compiled instruction costs to build, in steps of checking (about 50 with re2js 2.10). */
export const COMPILE_STEPS = 50;
/** What any compile costs besides, in steps. */
export const COMPILE_STEPS_EACH = 2_000;

/** Steps of pattern work one preset or file may take; the same work twice is paid once. */
class PatternBudget {
  #left: number;
  readonly #paid = new Set<string>();

  constructor(steps = MAX_PATTERN_STEPS) {
    this.#left = steps;
  }

  /** Pay `steps` for `work`, once; false when too few are left (nothing is taken then). */
  pay(work: string, steps: number): boolean {
    if (this.#paid.has(work)) return true;
    if (steps > this.#left) return false;
    this.#left -= steps;
    this.#paid.add(work);
    return true;
  }
}

/*
 * The budget of the file or preset being checked. zod hands a refinement no
 * context, so the scope is set around a (synchronous) parse instead; a check
 * outside any scope has a budget of its own.
 */
let scope: PatternBudget | undefined;

/**
 * Run `check` (synchronous: a parse, a loop over a preset's fields) with one
 * budget for all the pattern work inside it. Inside another scope, that one
 * holds: a file's budget covers each of its presets.
 */
export function withinPatternBudget<T>(check: () => T): T {
  if (scope !== undefined) return check();
  scope = new PatternBudget();
  try {
    return check();
  } finally {
    scope = undefined;
  }
}

const currentBudget = (): PatternBudget => scope ?? new PatternBudget();

const count = (n: number) => n.toLocaleString('en-US');

const TOO_MUCH =
  `cannot be checked: the patterns of this preset (or of the file it is in) take more work together than Robot Tray allows ` +
  `(${count(MAX_PATTERN_STEPS)} steps). Use fewer or simpler patterns, or shorter defaults`;

/**
 * Why `source` cannot be a field's pattern, or undefined. Patterns are
 * tested as written (`^` and `$` are needed to match the whole value) by
 * RE2's engine (re2js), not JavaScript's: a backtracking engine can spend
 * years on a crafted pattern and a short value (`(a|a)*b`, `(a+)+$`). RE2
 * matches in time linear in the value, whatever the pattern; its price is
 * its syntax (no lookaround and no backreferences) and, here, a bound on
 * its size: a short pattern can still repeat a lot (`(a*){999}`).
 */
export function patternProblem(source: string): string | undefined {
  if (source.length > MAX_FIELD_PATTERN_LENGTH)
    return `must be at most ${MAX_FIELD_PATTERN_LENGTH} characters, got ${source.length}`;
  const estimate = patternSizeEstimate(source);
  // The estimate errs on the large side (RE2 merges a|b into one step): only far too large is refused unseen.
  if (estimate > 3 * MAX_FIELD_PATTERN_SIZE) return tooLarge(`about ${count(estimate)}`);
  if (!currentBudget().pay(`compile\u0000${source}`, COMPILE_STEPS_EACH + COMPILE_STEPS * estimate))
    return TOO_MUCH;
  const pattern = compiledPattern(source);
  if (typeof pattern === 'string')
    return `is not a pattern Robot Tray can check (${pattern}); patterns use RE2 syntax, checked in linear time: no lookahead, lookbehind or backreferences. Fix the pattern or remove it`;
  if (pattern.programSize() > MAX_FIELD_PATTERN_SIZE) return tooLarge(count(pattern.programSize()));
  return undefined;
}

function tooLarge(size: string): string {
  return (
    `is too large to check quickly: it compiles to ${size} steps per character checked, and Robot Tray allows ` +
    `${count(MAX_FIELD_PATTERN_SIZE)}. Repeat less (a count like {1,100} rather than {1,1000}, no repeats inside repeats) or simplify it`
  );
}

/**
 * Whether `value` matches `pattern` (as written: anywhere in the value), or
 * why it cannot be checked: a bad pattern, a value too long for the
 * pattern's size, or the budget spent.
 */
export function checkPattern(
  pattern: string,
  value: string,
): { ok: true; matches: boolean } | { ok: false; reason: string } {
  const problem = patternProblem(pattern);
  if (problem !== undefined) return { ok: false, reason: `cannot be checked: its pattern ${problem}` };
  const compiled = compiledPattern(pattern) as RE2JS;
  const size = compiled.programSize();
  const steps = size * Math.max(value.length, 1);
  if (steps > MAX_PATTERN_CHECK_STEPS) {
    const most = Math.floor(MAX_PATTERN_CHECK_STEPS / size);
    return {
      ok: false,
      reason: `must be at most ${count(most)} characters for this field's pattern to check it, got ${count(value.length)}`,
    };
  }
  if (!currentBudget().pay(`match\u0000${pattern}\u0000${value}`, steps))
    return { ok: false, reason: TOO_MUCH };
  return { ok: true, matches: matches(compiled, pattern, value) };
}

/*
 * Compiled patterns and answers, kept for the next parse of the same file
 * (a followed catalog is read by every command) and the next value typed.
 * Bounded: cleared when full.
 */
const compiled = new Map<string, RE2JS | string>();
const answers = new Map<string, boolean>();
let answerChars = 0;

function compiledPattern(source: string): RE2JS | string {
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    try {
      pattern = RE2JS.compile(source);
    } catch (error) {
      pattern = (error as Error).message;
    }
    if (compiled.size >= 512) compiled.clear();
    compiled.set(source, pattern);
  }
  return pattern;
}

function matches(pattern: RE2JS, source: string, value: string): boolean {
  const key = `${source}\u0000${value}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = pattern.matcher(value).find();
    if (answerChars + key.length > 4_000_000) {
      answers.clear();
      answerChars = 0;
    }
    answers.set(key, answer);
    answerChars += key.length;
  }
  return answer;
}
