import { waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/render';
import { lazyPage, lazyPageOf, preloadPageOf } from './lazyPage';
import { preloadPagesOf, routes } from './router';
import { makeStore } from './store';

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

  it("an organization's address asks for its record at once when a session is stored, and the page finds it in the cache", async () => {
    localStorage.setItem('token', 'stored');
    const calls = mockApi({
      'GET /api/organization/5a1e': () =>
        json(200, { ok: true, data: { _id: '5a1e', name: 'Emerald Isle Trading Ltd' } }),
    });
    const store = makeStore();

    preloadPagesOf('/organization/5a1e/aml', store.dispatch);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ path: '/api/organization/5a1e', authorization: 'JWT stored' });
    const { organizationsApi } = await import('../features/organizations/api');
    await waitFor(() =>
      expect(
        organizationsApi.endpoints.getOrganization.select('5a1e')(store.getState()).data,
      ).toEqual({ _id: '5a1e', name: 'Emerald Isle Trading Ltd' }),
    );
  });

  it('asks for no record without a stored session (the address leads to sign-in)', async () => {
    const calls = mockApi({});
    preloadPagesOf('/organization/5a1e', makeStore().dispatch);
    await import('../features/organizations/api');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});
