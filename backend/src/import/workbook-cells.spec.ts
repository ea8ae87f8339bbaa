import { serialToDate, workbookCell, isDateFormat } from './workbook-cells';

const day = (cell: unknown) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : cell);

describe('a workbook cell is read as it shows', () => {
  it.each([
    // [value, number format, read as]
    [45678, '000000', { number: 45678, shown: '045678' }],
    [7, '000000', { number: 7, shown: '000007' }],
    [1234567, '#,##0', { number: 1234567, shown: '1,234,567' }],
    [45678, '"IE"0000000', { number: 45678, shown: 'IE0045678' }],
    [871234567, '\\0000000000', { number: 871234567, shown: '0871234567' }],
    [0.25, '0%', { number: 25, shown: '25%' }],
    [0.755, '0.0%', { number: 75.5, shown: '75.5%' }],
    [0.1, '0.00%', { number: 10, shown: '10%' }],
    [45678, 'General', 45678],
    [45678, '0', 45678],
    [12.5, '0.00', 12.5],
    [12.5, '000000', 12.5],
  ])('%j formatted %j → %j', (value, format, read) => {
    expect(workbookCell(value, format, false)).toEqual(read);
  });

  it.each([
    // [day number, 1904 system, the day]: Excel for Mac's 1904 system counts 1462 days fewer.
    [45657, false, '2024-12-31'],
    [44195, true, '2024-12-31'],
    [43281, false, '2018-06-30'],
    [41819, true, '2018-06-30'],
    [1, true, '1904-01-02'],
  ])('day %j (1904: %j) is %s', (serial, date1904, iso) => {
    expect(day(serialToDate(serial, date1904))).toBe(iso);
    expect(day(workbookCell(serial, 'dd/mm/yyyy', date1904))).toBe(iso);
  });

  it.each([
    ['dd/mm/yyyy', true],
    ['DD/MM/YYYY', true],
    ['d-mmm-yy', true],
    ['[$-1809]dd mmmm yyyy', true],
    ['General', false],
    ['000000', false],
    ['0.0%', false],
    ['#,##0.00 "days"', false],
  ])('format %j shows a date: %j', (format, isDate) => {
    expect(isDateFormat(format)).toBe(isDate);
  });

  it("a formula is read as the result the file saved with it, formatted as the cell's format", () => {
    expect(
      workbookCell({ formula: 'A2&" "&B2', result: 'Cells Fisheries Teoranta' }, undefined, false),
    ).toBe('Cells Fisheries Teoranta');
    expect(day(workbookCell({ formula: 'EDATE(E4,6)', result: 43464 }, 'dd/mm/yyyy', false))).toBe(
      '2018-12-30',
    );
    expect(workbookCell({ formula: 'B2/100', result: 0.255 }, '0.0%', false)).toEqual({
      number: 25.5,
      shown: '25.5%',
    });
    expect(workbookCell({ sharedFormula: 'C2', result: 7 } as never, '000000', false)).toEqual({
      number: 7,
      shown: '000007',
    });
  });

  it('a formula without a saved result, or with an error, has nothing to read: said in words', () => {
    expect(workbookCell({ formula: 'A2&B2' } as never, undefined, false)).toEqual({
      unreadable: expect.stringMatching(/formula saved without its result/),
    });
    expect(
      workbookCell({ formula: '1/0', result: { error: '#DIV/0!' } } as never, undefined, false),
    ).toEqual({
      unreadable: expect.stringMatching(/gives an error \(#DIV\/0!\)/),
    });
    expect(workbookCell({ formula: 'NA()', result: Number.NaN }, undefined, false)).toEqual({
      unreadable: expect.stringMatching(/gives an error/),
    });
    expect(workbookCell({ error: '#N/A' } as never, undefined, false)).toEqual({
      unreadable: expect.stringMatching(/#N\/A/),
    });
  });

  it('text, rich text and hyperlinks are their text; empty is null', () => {
    expect(workbookCell('Seán', '@', false)).toBe('Seán');
    expect(workbookCell({ richText: [{ text: 'Ó ' }, { text: 'Briain' }] }, undefined, false)).toBe(
      'Ó Briain',
    );
    expect(workbookCell({ text: 'Site', hyperlink: 'https://x.example' }, undefined, false)).toBe(
      'Site',
    );
    expect(workbookCell(null, undefined, false)).toBeNull();
  });
});
