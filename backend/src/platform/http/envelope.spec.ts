import { page, pageJsonText } from './envelope';

describe('a page envelope', () => {
  it('says an exact total as it is, with no lower-bound flag', () => {
    expect(page([1, 2], 10_000, 1, 25)).toEqual({
      ok: true,
      data: [1, 2],
      totalItems: 10_000,
      totalPages: 400,
      page: 1,
      limit: 25,
    });
  });

  it('flags a lower bound and pages one item more than it (ADR 0149)', () => {
    const bounded = {
      ok: true,
      data: ['a'],
      totalItems: 10_000,
      totalItemsIsLowerBound: true,
      totalPages: 401,
      page: 1,
      limit: 25,
    };
    expect(page(['a'], 10_000, 1, 25, true)).toEqual(bounded);
    expect(JSON.parse(pageJsonText(['"a"'], 10_000, 1, 25, {}, true))).toEqual(bounded);
  });
});
