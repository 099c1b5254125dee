import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { testUser } from '@/testing/fixtures';
import { defaultClientSettings, getClientSettings, parseClientSettings, reloadClientSettings, syncClientSettings, updateClientSettings } from './client-settings';
import { clearSession, setSession } from './session';

describe('client settings', () => {
  it('fall back to the defaults for a missing or damaged entry', () => {
    expect(parseClientSettings(null)).toEqual(defaultClientSettings);
    expect(parseClientSettings('{oops')).toEqual(defaultClientSettings);
    expect(parseClientSettings('[1,2]')).toEqual(defaultClientSettings);
    expect(parseClientSettings(JSON.stringify({ infinityScroll: 'yes', selectedCollection: 7, extra: true }))).toEqual({
      ...defaultClientSettings,
      selectedCollection: '7',
    });
  });

  it('are kept in localStorage under desen.client', () => {
    reloadClientSettings();
    updateClientSettings({ infinityScroll: false, isRememberFavoriteSelection: true });
    expect(JSON.parse(window.localStorage.getItem('desen.client') ?? '{}')).toEqual({
      ...defaultClientSettings,
      infinityScroll: false,
      isRememberFavoriteSelection: true,
    });
    window.localStorage.setItem('desen.client', JSON.stringify({ combineLabelSearch: false }));
    reloadClientSettings();
    expect(getClientSettings()).toEqual({ ...defaultClientSettings, combineLabelSearch: false });
  });

  it('follow the user: the server’s copy is taken over once per session, and each change is saved to it', async () => {
    window.localStorage.setItem('desen.client', JSON.stringify({ combineLabelSearch: false }));
    reloadClientSettings();
    setSession('token-1', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
    const saved: unknown[] = [];
    let reads = 0;
    server.use(
      http.get('*/service/account/client-settings', () => {
        reads += 1;
        return HttpResponse.json({ infinityScroll: false, selectedCollection: 'l-9' });
      }),
      http.put('*/service/account/client-settings', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    await syncClientSettings('token-1');
    await syncClientSettings('token-1');
    expect(reads).toBe(1);
    expect(getClientSettings()).toEqual({ ...defaultClientSettings, combineLabelSearch: false, infinityScroll: false, selectedCollection: 'l-9' });

    updateClientSettings({ isRememberFavoriteSelection: true });
    updateClientSettings({ selectedCollection: 'l-2' });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...defaultClientSettings, combineLabelSearch: false, infinityScroll: false, isRememberFavoriteSelection: true, selectedCollection: 'l-2' });
    await waitFor(() => expect(window.localStorage.getItem('desen.client.unsaved')).toBeNull());

    // A change the page was left before saving (a reload within the moment): the next session's
    // sync keeps it and sends it, rather than taking the server's older copy back.
    window.localStorage.setItem('desen.client', JSON.stringify({ ...defaultClientSettings, selectedCollection: 'l-5' }));
    window.localStorage.setItem('desen.client.unsaved', '1');
    reloadClientSettings();
    setSession('token-2', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
    await syncClientSettings('token-2');
    expect(reads).toBe(1);
    expect(getClientSettings().selectedCollection).toBe('l-5');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ selectedCollection: 'l-5' });
    await waitFor(() => expect(window.localStorage.getItem('desen.client.unsaved')).toBeNull());
    clearSession();
  });
});
