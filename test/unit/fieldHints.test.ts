import { describe, expect, test } from 'vitest';
import { PresetField } from '../../src/shared/models/presetFields.ts';
import { hintOf } from '../../src/renderer/src/features/presets/fieldHints.ts';

const field = (f: object) => PresetField.parse(f);

/** The words under a fill-in field: whole sentences, each saying one thing, in the control's own terms. */
describe('a fill-in field’s hint', () => {
  test('the author’s help ends its sentence before the range begins', () => {
    expect(
      hintOf(field({ name: 'customerId', type: 'number', help: 'From the CRM', min: 1, max: 999999 })),
    ).toBe('From the CRM. From 1 to 999999.');
    // Help that already ends a sentence is left as written.
    expect(hintOf(field({ name: 'n', type: 'number', help: 'Which one?', min: 1 }))).toBe(
      'Which one? At least 1.',
    );
  });

  test('a yes/no field says its default as yes or no, as its control offers it', () => {
    expect(hintOf(field({ name: 'rush', type: 'boolean', default: false }))).toBe('Default: no.');
    expect(hintOf(field({ name: 'rush', type: 'boolean', default: true }))).toBe('Default: yes.');
    expect(
      hintOf(field({ name: 'reason', type: 'choice', choices: ['late', 'damaged'], default: 'late' })),
    ).toBe('Default: late.');
  });
});
