import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  choiceField,
  defaultsOf,
  flagField,
  named,
  nextListSort,
  orderField,
  pageField,
  readFromAddress,
  readFromStorage,
  textField,
  useListState,
  writeToAddress,
} from './useListState';
import type { ListStateHandle, ListStateOf, ListStore } from './useListState';

const LIST = {
  search: textField(),
  active: flagField(true),
  from: textField('', (value) => /^\d{4}-\d{2}-\d{2}$/.test(value)),
  sortField: named(choiceField(['', 'name', 'createdAt'] as const, 'createdAt'), 'sort'),
  sortOrder: named(orderField('desc'), 'order'),
  page: pageField,
};
type State = ListStateOf<typeof LIST>;
const DEFAULTS = defaultsOf(LIST);

/** Mounts a list at `path` keeping its state in `store`; `handle()` is the hook's latest answer. */
function mount(path: string, store: ListStore, clearableSort = false) {
  let latest: ListStateHandle<State> | undefined;
  function Probe() {
    latest = useListState(LIST, store, { clearableSort });
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    initialEntries: [path],
  });
  const view = render(<RouterProvider router={router} />);
  return { router, handle: () => latest!, ...view };
}

describe('list state in the address', () => {
  it.each([
    ['', DEFAULTS],
    [
      '?search=kelly&sort=name&order=asc&page=2',
      { ...DEFAULTS, search: 'kelly', sortField: 'name', sortOrder: 'asc', page: 2 },
    ],
    ['?active=false', { ...DEFAULTS, active: false }],
    ['?active=maybe', DEFAULTS],
    ['?sort=colour&order=up&page=-3', DEFAULTS],
    ['?page=2.5', DEFAULTS],
    ['?from=31/02/1990', DEFAULTS],
    ['?from=2026-05-01', { ...DEFAULTS, from: '2026-05-01' }],
  ])('reads %p, a stale or hand-edited value falling back', (search, expected) => {
    expect(readFromAddress(LIST, new URLSearchParams(search))).toEqual(expected);
  });

  it.each([
    [DEFAULTS, ''],
    [{ ...DEFAULTS, search: 'kelly', page: 2 }, 'search=kelly&page=2'],
    [{ ...DEFAULTS, sortField: 'name', sortOrder: 'asc' }, 'sort=name&order=asc'],
    [{ ...DEFAULTS, active: false }, 'active=false'],
    [{ ...DEFAULTS, sortField: '', page: 2 }, 'sort=&page=2'],
  ] as [State, string][])(
    'writes only what differs from the defaults: %o → %p',
    (state, search) => {
      const written = writeToAddress(LIST, state);
      expect(written.toString()).toBe(search);
      expect(readFromAddress(LIST, written)).toEqual(state);
    },
  );

  it('round-trips through the address: a filter goes back to page 1, Reset empties it', () => {
    const { router, handle } = mount('/people?page=3', { in: 'address' });
    expect(handle().state.page).toBe(3);
    act(() => handle().update({ search: 'mary' }));
    expect(router.state.location.search).toBe('?search=mary');
    expect(handle().state).toEqual({ ...DEFAULTS, search: 'mary' });
    act(() => handle().setPage(4));
    expect(router.state.location.search).toBe('?search=mary&page=4');
    act(() => handle().sortBy('name'));
    expect(router.state.location.search).toBe('?search=mary&sort=name&order=asc');
    act(() => handle().replace(DEFAULTS));
    expect(router.state.location.search).toBe('');
  });

  it('two changes before the list is drawn again both stay (a sort clicked as a search is sent)', () => {
    const { router, handle } = mount('/people', { in: 'address' });
    const before = handle();
    act(() => {
      before.sortBy('name');
      // The search box's debounced call, made from the same render as the click.
      before.update({ search: 'mary' });
    });
    expect(router.state.location.search).toBe('?search=mary&sort=name&order=asc');
    expect(handle().state).toEqual({
      ...DEFAULTS,
      search: 'mary',
      sortField: 'name',
      sortOrder: 'asc',
    });
  });
});

describe('list state in the browser storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('restores what was stored, each field checked, and stores each change', () => {
    window.localStorage.setItem(
      'companiesFilters',
      JSON.stringify({ search: 'emerald', active: false, page: 2, sortField: 'colour' }),
    );
    const { handle, unmount } = mount('/companies', { in: 'storage', key: 'companiesFilters' });
    expect(handle().state).toEqual({ ...DEFAULTS, search: 'emerald', active: false, page: 2 });
    act(() => handle().update({ active: true }));
    expect(JSON.parse(window.localStorage.getItem('companiesFilters')!)).toEqual({
      ...DEFAULTS,
      search: 'emerald',
    });
    unmount();

    const again = mount('/companies', { in: 'storage', key: 'companiesFilters' });
    expect(again.handle().state).toEqual({ ...DEFAULTS, search: 'emerald' });
    expect(again.router.state.location.search).toBe('');
  });

  it.each([['{not json'], ['null'], ['"text"'], ['[1,2]']])(
    'an unreadable store (%s) gives the defaults',
    (stored) => {
      window.localStorage.setItem('companiesFilters', stored);
      expect(readFromStorage(LIST, 'companiesFilters')).toEqual(DEFAULTS);
    },
  );
});

describe('sorting by a column header', () => {
  it.each([
    [
      { sortField: 'createdAt', sortOrder: 'desc' },
      'name',
      false,
      { sortField: 'name', sortOrder: 'asc' },
    ],
    [
      { sortField: 'name', sortOrder: 'asc' },
      'name',
      false,
      { sortField: 'name', sortOrder: 'desc' },
    ],
    [
      { sortField: 'name', sortOrder: 'desc' },
      'name',
      false,
      { sortField: 'name', sortOrder: 'asc' },
    ],
    [{ sortField: 'name', sortOrder: 'desc' }, 'name', true, { sortField: '', sortOrder: 'desc' }],
  ] as const)('%o, click on %s (clearable %s) → %o', (current, field, clearable, expected) => {
    expect(nextListSort(current, field, clearable)).toEqual(expected);
  });

  it('a third click clears a clearable sort, back on page 1', () => {
    const { handle } = mount('/followUp?page=2', { in: 'address' }, true);
    act(() => handle().sortBy('name'));
    act(() => handle().sortBy('name'));
    expect(handle().state).toMatchObject({ sortField: 'name', sortOrder: 'desc', page: 1 });
    act(() => handle().sortBy('name'));
    expect(handle().state).toMatchObject({ sortField: '', sortOrder: 'desc' });
  });
});
