// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layer boundaries from docs/architecture.md, enforced here rather than hoped for. */
const nodeBuiltins = { group: ['node:*'], message: 'This layer must not use Node built-ins.' };
const electron = { group: ['electron', 'electron/*'], message: 'This layer must not depend on Electron.' };
const layer = (name, message) => ({ group: [`**/${name}/**`, `**/${name}`], message });

const boundaries = [
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            electron,
            layer('core', 'src/shared is runtime-neutral: it must not import src/core.'),
            layer('main', 'src/shared is runtime-neutral: it must not import src/main.'),
            layer('renderer', 'Only the renderer imports the renderer.'),
          ],
        },
      ],
      // No DOM either: shared code runs in main, the CLI and the window alike.
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'process',
        'Buffer',
        'require',
      ],
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electron,
            layer('main', 'src/core is plain Node: it must not import the Electron shell.'),
            layer('renderer', 'Only the renderer imports the renderer.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            electron,
            layer('core', 'The window talks only to window.robotTray, never to src/core.'),
            layer('main', 'The window talks only to window.robotTray, never to src/main.'),
            layer('preload', 'The window uses window.robotTray; the preload is not imported.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer('renderer', 'Only the renderer imports the renderer.')] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'dist/**',
      'test-results/**',
      '.bench/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  { files: ['src/renderer/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // CommonJS helpers loaded by a tool that only takes require() (test/support/electronegativityScan.cjs).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // One idea per file: a source file past ~300 lines is asking to be split (docs/architecture.md, Habits).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  ...boundaries,
  prettier,
);
