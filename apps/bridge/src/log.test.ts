import { describe, expect, it } from 'vitest';
import { createLogger } from './log.ts';

describe('createLogger', () => {
  it('writes JSON lines at or above its level, with tokens redacted by name and by pattern', () => {
    const lines: string[] = [];
    const log = createLogger(
      'info',
      (l) => lines.push(l),
      () => new Date('2026-03-02T08:00:00Z'),
    );
    log.debug('hidden');
    log.info('linked', {
      deviceToken: 'vgl_dev_secret',
      nested: { authorization: 'Bearer abc' },
      err: new Error('401 for Bearer vgl_dev_abcdefghijkl'),
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toEqual({
      level: 'info',
      time: '2026-03-02T08:00:00.000Z',
      msg: 'linked',
      deviceToken: '[redacted]',
      nested: { authorization: '[redacted]' },
      err: { name: 'Error', message: '401 for Bearer [redacted]' },
    });
    expect(lines[0]).not.toContain('secret');
  });
});
