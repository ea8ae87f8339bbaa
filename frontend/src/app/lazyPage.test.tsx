import { waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/render';
import { lazyPage, lazyPageOf, preloadPageOf } from '../lib/lazyPage';
import { preloadPagesOf, routes } from './router';
import { makeStore } from '../lib/store';

const Nothing = () => null;

describe('a page asked for before it renders', () => {
  it('starts the download of a lazy page once per call, and ignores what is not one', () => {
    const load = vi.fn(async () => ({ Nothing }));
    const Page = lazyPage(load, 'Nothing');

    preloadPageOf(<Page />);
    expect(load).toHaveBeenCalledTimes(1);

    preloadPageOf(<div />);
    preloadPageOf(null);
    preloadPageOf('text');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed download is left to the page itself (its render shows the error page)', async () => {
    const load = vi.fn((): Promise<{ Nothing: typeof Nothing }> =>
      Promise.reject(new Error('offline')),
    );
    const Page = lazyPage(load, 'Nothing');
    expect(() => preloadPageOf(<Page />)).not.toThrow();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['/organization', 'organization'],
    ['/organization/5a1e/aml', 'organization/:id/:tab?'],
    ['/auth/signin', 'auth/signin'],
  ])('%s: the page of that address, before the session is checked', (pathname, path) => {
    const match = matchRoutes(routes, pathname)?.find((candidate) => candidate.route.path === path);
    const page = lazyPageOf(match?.route.element);
    if (!page) throw new Error(`no lazy page at ${pathname}`);
    const preload = vi.spyOn(page, 'preload');

    preloadPagesOf(pathname, makeStore().dispatch);

    expect(preload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['/organization/5a1e/aml', '/api/organization/5a1e'],
    ['/people/5a1e', '/api/people/5a1e'],
    ['/order/5a1e/files', '/api/order/5a1e'],
    ['/form/5a1e', '/api/form/5a1e'],
  ])(
    '%s asks for %s at once when a session is stored; the page finds it in the cache',
    async (pathname, apiPath) => {
      localStorage.setItem('token', 'stored');
      const record = { _id: '5a1e', name: 'Emerald Isle Trading Ltd' };
      const calls = mockApi({ [`GET ${apiPath}`]: () => json(200, { ok: true, data: record }) });
      const store = makeStore();

      preloadPagesOf(pathname, store.dispatch);

      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]).toMatchObject({ path: apiPath, authorization: 'JWT stored' });
      await waitFor(() =>
        expect(Object.values(store.getState().api.queries)).toEqual([
          expect.objectContaining({ status: 'fulfilled', originalArgs: '5a1e', data: record }),
        ]),
      );
    },
  );

  it('asks for no record without a stored session (the address leads to sign-in)', async () => {
    const calls = mockApi({});
    preloadPagesOf('/organization/5a1e', makeStore().dispatch);
    await import('../features/organizations/api');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});
