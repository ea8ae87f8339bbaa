import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { csvField, csvFileName, csvLine, sendCsv } from './csv';

describe('CSV cells (RFC 4180)', () => {
  it.each([
    ['plain text', 'Byrne Holdings Ltd', 'Byrne Holdings Ltd'],
    ['a comma is quoted', 'Byrne, Mary', '"Byrne, Mary"'],
    ['a quote is doubled', 'The "Old" Mill', '"The ""Old"" Mill"'],
    ['a line break is quoted', 'Unit 4\nDublin', '"Unit 4\nDublin"'],
    ['a formula is defused', '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a leading minus in text is defused', '-5 Main St', "'-5 Main St"],
    ['a negative number stays a number', -12.5, '-12.5'],
    ['a boolean', true, 'true'],
    ['null is empty', null, ''],
    ['undefined is empty', undefined, ''],
    ['a date is ISO', new Date('2026-03-31T00:00:00Z'), '2026-03-31T00:00:00.000Z'],
    ['accents pass through', 'Seán Ó Briain', 'Seán Ó Briain'],
    // Unicode look-alikes of = + - @ and formulas behind spaces or invisible characters.
    ['a fullwidth equals sign', '＝1+1', "'＝1+1"],
    ['a fullwidth plus sign', '＋353 1 555', "'＋353 1 555"],
    ['a fullwidth minus sign', '－5', "'－5"],
    ['a fullwidth at sign', '＠SUM(A1)', "'＠SUM(A1)"],
    ['a small equals sign', '﹦1+1', "'﹦1+1"],
    ['the minus sign', '−5', "'−5"],
    ['a formula behind spaces', '  =1+1', "'  =1+1"],
    ['a formula behind a zero-width space', '\u200b=1+1', "'\u200b=1+1"],
    ['an equals sign inside text stays', 'a = b', 'a = b'],
  ])('%s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('a line joins the cells and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('the file is named after the list and the day', () => {
    expect(csvFileName('orders', new Date('2026-11-23T10:00:00Z'))).toBe('orders-2026-11-23.csv');
  });
});

describe('sendCsv back-pressure', () => {
  it('waits for each drain and leaves no listener behind, however many batches', async () => {
    // A response whose socket is always full: every write asks to wait for 'drain'.
    const written: string[] = [];
    const response = Object.assign(new EventEmitter(), {
      destroyed: false,
      status: () => response,
      setHeader: () => undefined,
      write(chunk: string) {
        written.push(chunk);
        setImmediate(() => response.emit('drain'));
        return false;
      },
      end: () => undefined,
    });
    const batches = 50;
    await sendCsv(response as unknown as Response, {
      fileName: 'orders.csv',
      columns: [{ header: 'n', value: (row: number) => row }],
      rows: async (onBatch) => {
        for (let i = 0; i < batches; i++) await onBatch([i]);
      },
    });
    expect(written).toHaveLength(batches);
    expect(response.listenerCount('drain')).toBe(0);
    expect(response.listenerCount('close')).toBe(0);
    expect(response.listenerCount('error')).toBe(0);
  });
});
