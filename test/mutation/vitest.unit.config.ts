import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The tests Stryker runs against the pure rules (MUTATION_SCOPE=rules) and
 * the models, and against any folder scope with MUTATION_TESTS=unit: the
 * unit tests only. Every rule in that scope is decidable without I/O, so the
 * integration tests would add minutes (each mutant of a module-level constant
 * runs every test) and kill nothing the unit tests do not.
 */
export default defineConfig({ test: { ...base.test, include: ['test/unit/**/*.test.ts'] } });
