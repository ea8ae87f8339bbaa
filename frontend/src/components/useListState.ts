import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { nextSort } from '@registra/domain';

/**
 * One piece of a list's state (a filter, the sort, the page): its value when nothing says
 * otherwise, how it is read back from the address or the browser's storage (anything unreadable
 * or stale falls back), and how it is written in the address.
 */
export interface ListField<T> {
  fallback: T;
  /** Its name in the address, when not the state's own key (the people list's `sort`). */
  param?: string;
  read: (raw: unknown) => T;
  write: (value: T) => string;
}

export type ListSchema<S> = { [K in keyof S]: ListField<S[K]> };

/** The state a schema describes. */
export type ListStateOf<Schema> = {
  [K in keyof Schema]: Schema[K] extends ListField<infer T> ? T : never;
};

/** Free text (a search, an id); `valid` refuses a value that is no longer acceptable. */
export function textField(fallback = '', valid?: (value: string) => boolean): ListField<string> {
  return {
    fallback,
    read: (raw) => (typeof raw === 'string' && (!valid || valid(raw)) ? raw : fallback),
    write: (value) => value,
  };
}

/** A switch; `true` in the address, a boolean in the storage. */
export function flagField(fallback = false): ListField<boolean> {
  return {
    fallback,
    read: (raw) =>
      raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : fallback,
    write: (value) => String(value),
  };
}

/** One of a few values (a sort field, a status); anything else is the fallback. */
export function choiceField<T extends string>(values: readonly T[], fallback: T): ListField<T> {
  return {
    fallback,
    read: (raw) => (values.includes(raw as T) ? (raw as T) : fallback),
    write: (value) => value,
  };
}

/** A sort order, ascending or descending. */
export const orderField = (fallback: 'asc' | 'desc'): ListField<'asc' | 'desc'> =>
  choiceField<'asc' | 'desc'>(['asc', 'desc'], fallback);

/** The page, from 1. */
export const pageField: ListField<number> = {
  fallback: 1,
  read: (raw) => {
    const page = Number(raw);
    return Number.isInteger(page) && page >= 1 ? page : 1;
  },
  write: (value) => String(value),
};

/** The same field under another name in the address. */
export const named = <T>(field: ListField<T>, param: string): ListField<T> => ({ ...field, param });

const keysOf = <S>(schema: ListSchema<S>) => Object.keys(schema) as (keyof S & string)[];

export function defaultsOf<S>(schema: ListSchema<S>): S {
  const state = {} as S;
  for (const key of keysOf(schema)) state[key] = schema[key].fallback;
  return state;
}

/** The state an address holds. */
export function readFromAddress<S>(schema: ListSchema<S>, params: URLSearchParams): S {
  const state = {} as S;
  for (const key of keysOf(schema)) {
    const field = schema[key];
    const raw = params.get(field.param ?? key);
    state[key] = raw === null ? field.fallback : field.read(raw);
  }
  return state;
}

/** The address of a state: only what differs from the defaults, for short shareable links. */
export function writeToAddress<S>(schema: ListSchema<S>, state: S): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keysOf(schema)) {
    const field = schema[key];
    const value = field.write(state[key]);
    if (value !== field.write(field.fallback)) params.set(field.param ?? key, value);
  }
  return params;
}

/** The state stored under `key`, each field checked: a stale or hand-edited value falls back. */
export function readFromStorage<S>(
  schema: ListSchema<S>,
  key: string,
  storage: Storage = window.localStorage,
): S {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const state = {} as S;
  for (const name of keysOf(schema)) {
    state[name] = name in stored ? schema[name].read(stored[name]) : schema[name].fallback;
  }
  return state;
}

export function writeToStorage<S>(key: string, state: S, storage: Storage = window.localStorage) {
  storage.setItem(key, JSON.stringify(state));
}

/**
 * Where a list keeps its state: in the address (so the back arrow of a record's page, and a shared
 * link, land on the same filtered page) or, where the list says so (followUpFilters,
 * ordersFilters), in the browser's storage under a key (restored when the list is opened again).
 */
export type ListStore = { in: 'address' } | { in: 'storage'; key: string };

export interface ListStateOptions {
  /** A third click on the sorted column clears the sort (the follow-ups list). */
  clearableSort?: boolean;
}

interface Sortable {
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

/**
 * A click on a column header: a new column sorts ascending, the sorted one flips to descending,
 * then back to ascending, or, where the sort can be cleared, to no sort ('' and the server's
 * descending default).
 */
export function nextListSort(current: Sortable, field: string, clearable = false): Sortable {
  const next = nextSort(current, field, clearable);
  return { sortField: next.sortField ?? '', sortOrder: next.sortOrder ?? 'desc' };
}

export interface ListStateHandle<S> {
  state: S;
  /** Filters changed: back to page 1 (unless a page is given), as every list does. */
  update: (changes: Partial<S>) => void;
  /** The whole state at once ("Reset filters"). */
  replace: (next: S) => void;
  setPage: (page: number) => void;
  /** A column header was clicked: ascending, then descending (then cleared where allowed). */
  sortBy: (field: string) => void;
}

function useAddressState<S>(schema: ListSchema<S>, active: boolean) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(
    () => readFromAddress(schema, new URLSearchParams(search)),
    [schema, search],
  );
  // What the address holds or is about to: a change made before the page is drawn again (a
  // header clicked as a search box's pause ends) builds on the one before it instead of undoing it.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const set = useCallback(
    (next: (current: S) => S) => {
      if (!active) return;
      latest.current = next(latest.current);
      setParams(writeToAddress(schema, latest.current), { replace: true });
    },
    [active, schema, setParams],
  );
  return [state, set] as const;
}

function useStoredState<S>(schema: ListSchema<S>, key: string | null) {
  const [state, setState] = useState<S>(() =>
    key === null ? defaultsOf(schema) : readFromStorage(schema, key),
  );
  useEffect(() => {
    if (key !== null) writeToStorage(key, state);
  }, [key, state]);
  return [state, setState] as const;
}

/** A list's filters, sort and page, kept where the list keeps them (see ListStore). */
export function useListState<S extends { page: number }>(
  schema: ListSchema<S>,
  store: ListStore,
  options: ListStateOptions = {},
): ListStateHandle<S> {
  const inAddress = store.in === 'address';
  const [addressState, setAddress] = useAddressState(schema, inAddress);
  const [storedState, setStored] = useStoredState(schema, inAddress ? null : store.key);
  const state = inAddress ? addressState : storedState;
  const set = inAddress ? setAddress : setStored;
  const { clearableSort = false } = options;

  return {
    state,
    update: (changes) => set((current) => ({ ...current, page: 1, ...changes })),
    replace: (next) => set(() => next),
    setPage: (page) => set((current) => ({ ...current, page })),
    sortBy: (field) =>
      set((current) => ({
        ...current,
        ...nextListSort(current as unknown as Sortable, field, clearableSort),
        page: 1,
      })),
  };
}
