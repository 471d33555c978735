import { describe, expect, it } from 'vitest';
import { csvField } from '../../../server/audit/audit-csv';

describe('a field of the audit export', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '|cmd', '\tx', '\rx'])(
    'keeps %j from running as a formula in a spreadsheet',
    (text) => {
      expect(csvField(text).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('leaves other text and numbers as they are, quoting what needs it', () => {
    expect(csvField('mario.rossi')).toBe('mario.rossi');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});
