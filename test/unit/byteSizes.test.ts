import { describe, expect, test } from 'vitest';
import { settingsDraftOf, settingsPatchOf } from '../../src/renderer/src/features/settings/settingsDraft.ts';
import { formatBytes, parseBytes } from '../../src/shared/bytes.ts';
import { defaultSettings } from '../../src/shared/models/settings.ts';

describe('sizes people type for the history limits', () => {
  test('bytes, and binary units however written', () => {
    expect(parseBytes('1048576')).toBe(1_048_576);
    expect(parseBytes('50 MiB')).toBe(50 * 1024 ** 2);
    expect(parseBytes('50MB')).toBe(50 * 1024 ** 2);
    expect(parseBytes('1 GiB')).toBe(1024 ** 3);
    expect(parseBytes('1.5g')).toBe(1.5 * 1024 ** 3);
    expect(parseBytes(' 2 t ')).toBe(2 * 1024 ** 4);
  });

  test('anything else is no size', () => {
    for (const text of ['', 'lots', '-1 MiB', '1 PiB', '0.3', '1e9', '5 MiBs']) {
      expect(parseBytes(text), text).toBeUndefined();
    }
  });

  test('shown back the way it is typed', () => {
    expect(formatBytes(1024 ** 3)).toBe('1 GiB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GiB');
    expect(parseBytes(formatBytes(50 * 1024 ** 2))).toBe(50 * 1024 ** 2);
  });

  test('the window’s Settings: the history size and the largest response, each checked beside its box', () => {
    const draft = settingsDraftOf(defaultSettings);
    expect(draft).toMatchObject({ historyMaxSize: '1 GiB', maxResponseSize: '50 MiB' });
    const saved = settingsPatchOf({ ...draft, historyMaxSize: '2 GiB', maxResponseSize: '10 MiB' });
    expect(saved).toMatchObject({
      patch: { historyMaxBytes: 2 * 1024 ** 3, http: { queryResponseCapBytes: 10 * 1024 ** 2 } },
    });
    expect(settingsPatchOf({ ...draft, historyMaxSize: '1 MiB', maxResponseSize: 'big' })).toEqual({
      errors: {
        historyMaxBytes: 'Give a size from 10 MiB to 1024 GiB, such as 1 GiB.',
        maxResponseBytes: 'Give a size from 1 KiB to 1024 MiB, such as 50 MiB.',
      },
    });
  });

  test('the window’s Settings: a history size below the largest response read is refused beside the size, naming both and the fix', () => {
    const draft = settingsDraftOf(defaultSettings);
    expect(settingsPatchOf({ ...draft, historyMaxSize: '10 MiB' })).toEqual({
      errors: {
        historyMaxBytes:
          'The history size (10 MiB) is smaller than the largest response read (50 MiB), so a call with a ' +
          'response that large could not be kept. Make the history size at least 50 MiB, or the largest ' +
          'response at most 10 MiB.',
      },
    });
    expect(settingsPatchOf({ ...draft, historyMaxSize: '10 MiB', maxResponseSize: '10 MiB' })).toHaveProperty(
      'patch',
    );
  });
});
