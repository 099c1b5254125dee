import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { reloadClientSettings } from '@/lib/client-settings';
import { loadDeferredPartsAtOnce } from '@/lib/deferred';
import { initI18n } from '@/lib/i18n';
import { allResources } from '@/locales/all';
import { reloadSession } from '@/lib/session';
import { server } from './server';

initI18n('en', allResources);
// Dialogs, menus and tooltips load as their screens are evaluated, not once the page is idle.
loadDeferredPartsAtOnce();

// findBy/waitFor: the default 1 s is too short for a first lazy route while other suites run in parallel.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no scrolling (ScrollRestoration scrolls on navigation).
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  reloadSession();
  reloadClientSettings();
  window.sessionStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
