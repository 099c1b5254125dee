import '@testing-library/jest-dom';
import { initI18n } from '@/lib/i18n';
import { reloadSession } from '@/lib/session';
import { server } from './server';

initI18n('en');

// jsdom has no scrolling (ScrollRestoration scrolls on navigation).
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  reloadSession();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
