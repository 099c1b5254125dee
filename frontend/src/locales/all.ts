// Every language at once, for tests and checks; the app loads one language at a time (lib/i18n.ts).
import en from './en';
import ru from './ru';
import tr from './tr';

export const allResources = { en, tr, ru } as const;
