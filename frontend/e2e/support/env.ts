import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** frontend/ */
export const frontendDir = path.resolve(__dirname, '..', '..');

/** The server binary: `DESEN_BIN`, else the workspace's debug build (the justfile builds it first). */
export const desenBin = process.env.DESEN_BIN ?? path.resolve(frontendDir, '..', 'target', 'debug', 'desen');

/** Debian's Chromium, as the journeys (and the bench) launch it. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export const port = 18080;
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * The run's temporary directory (database, outbox). Made once by the runner process when it loads
 * the config; the test workers inherit it through `DESEN_E2E_DIR`.
 */
export function e2eDir(): string {
  process.env.DESEN_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), 'desen-e2e-'));
  return process.env.DESEN_E2E_DIR;
}

/** Where the studio gets the favorite lists customers share. */
export const studioMail = 'studio@desen.test';

/** The company code admitted to CAD downloads in the run. */
export const cadCompanyCode = 'CUT-01';

/** The environment of every `desen` command of the run. */
export function serverEnv(dir: string = e2eDir()): Record<string, string> {
  return {
    DATABASE_URL: `sqlite://${path.join(dir, 'e2e.db')}`,
    DESEN_DATA_DIR: dir,
    DESEN_LISTEN: `127.0.0.1:${port}`,
    DESEN_STATIC_DIR: path.join(frontendDir, 'dist'),
    DESEN_ACCOUNTS__PUBLIC_URL: baseURL,
    // Shared favorite lists are mailed here (the outbox: no SMTP in the run).
    DESEN_FAVORITES__STUDIO_MAIL: studioMail,
    // CAD files for one company (the cutter's); "CAD selection" and "download all" on.
    DESEN_CAD__COMPANY_CODES: cadCompanyCode,
    DESEN_CAD__SELECTION: 'true',
    DESEN_CAD__DOWNLOAD_ALL: 'true',
    // Sessions and rate limits in process: nothing shared with other runs.
    REDIS_URL: '',
    // Every journey signs in from 127.0.0.1: the per-address sign-in limit (50 per 15 minutes)
    // would be spent by the run itself. Per-account limits stay as shipped; the Rust tests prove
    // the per-address one.
    DESEN_ACCOUNTS__RATE_LIMITS__LOGIN_PER_IP__MAX: '5000',
    DESEN_LOG: process.env.DESEN_LOG ?? 'warn',
  };
}

/** The accounts globalSetup creates. */
export const accounts = {
  user: { email: 'user@example.com', password: 'Passw0rd!', name: 'Ayşe User' },
  admin: { email: 'admin@example.com', password: 'Adm1nPass!', name: 'Admin' },
  reset: { email: 'reset@example.com', password: 'Passw0rd!', name: 'Reset User' },
  /** A second staff admin for journeys that need the admin panel: it enrols its own authenticator. */
  designer: { email: 'designer@example.com', password: 'Des1gnPass!', name: 'Design Admin' },
  /** Staff who set up pools through the API (its own authenticator, enrolled by the journey). */
  curator: { email: 'curator@example.com', password: 'Cur4torPass!', name: 'Pool Curator' },
  /** Staff who run the admin users, customers and pools screens in the admin journeys. */
  manager: { email: 'manager@example.com', password: 'Man4gerPass!', name: 'User Manager' },
  /** An admin whose authenticator the manager resets. */
  deputy: { email: 'deputy@example.com', password: 'Dep7tyPass!', name: 'Deputy Admin' },
  /** A customer user the pool journey gives a pool: sees only the pool's designs. */
  pooled: { email: 'pooled@example.com', password: 'Po0ledPass!', name: 'Pooled Customer' },
  /**
   * A customer of one of the demo's companies (created before `desen demo`, which finds the company
   * by name and gives it orders): sees its own company's orders only, and no notes.
   */
  /** A user of the text-fit journey: its own account, so that its sign-ins do not spend another journey's login rate limit. */
  reader: { email: 'reader@example.com', password: 'R3aderPass!', name: 'Text Reader' },
  buyer: { email: 'buyer@example.com', password: 'Buy3rPass!', name: 'Northbridge Buyer', customer: 'Northbridge Home Ltd.' },
  /** Staff who read through the API what staff see of a design (every order, the notes). */
  inspector: { email: 'inspector@example.com', password: 'Insp3ctPass!', name: 'Staff Inspector' },
  /** An admin who edits a design and discards the edit (its own authenticator). */
  editor: { email: 'editor@example.com', password: 'Ed1torPass!', name: 'Design Editor' },
  /** A customer who keeps favorite lists and shares one with the studio. */
  collector: { email: 'collector@example.com', password: 'C0llectPass!', name: 'List Collector', customer: 'Collector Textiles Ltd.' },
  /** A customer who adds one colorway from two browsers at once. */
  twin: { email: 'twin@example.com', password: 'Tw1nPass!', name: 'Two Browsers', customer: 'Collector Textiles Ltd.' },
  /** An admin who reads the lists customers shared (its own authenticator). */
  reviewer: { email: 'reviewer@example.com', password: 'Rev1ewPass!', name: 'List Reviewer' },
  /** A customer whose company may download CAD files (its code is in `cad.company_codes`). */
  cutter: { email: 'cutter@example.com', password: 'Cutt3rPass!', name: 'Pattern Cutter', customer: 'Cutter Prints Ltd.' },
  /** An admin who runs an import to its Done step (its own authenticator). */
  importer: { email: 'importer@example.com', password: 'Imp0rtPass!', name: 'Import Admin' },
  /** An admin who builds a collection through Admin > Collections (its own authenticator). */
  stylist: { email: 'stylist@example.com', password: 'Styl1stPass!', name: 'Collection Stylist' },
  /** A customer (no pool) who browses the boards the stylist built. */
  shopper: { email: 'shopper@example.com', password: 'Sh0pperPass!', name: 'Board Shopper', customer: 'Shopper Fabrics Ltd.' },
  /** Staff who set up a collection and a pool through the API for the pooled boards journey (its own authenticator). */
  archivist: { email: 'archivist@example.com', password: 'Arch1vistPass!', name: 'Collection Archivist' },
  /** A customer user with a pool: sees only the pool's designs on the boards. */
  selector: { email: 'selector@example.com', password: 'Sel3ctorPass!', name: 'Pooled Selector', customer: 'Selector Home Ltd.' },
  /** An admin who publishes and revokes a stock page (its own authenticator). */
  publisher: { email: 'publisher@example.com', password: 'Publ1shPass!', name: 'Stock Publisher' },
  /** A customer of the company a stock page is published for. */
  stockist: { email: 'stockist@example.com', password: 'St0ckistPass!', name: 'Stock Buyer', customer: 'Stockroom Linen Ltd.' },
  /** An admin who sets a design's repeat and disables a wear model (its own authenticator). */
  tailor: { email: 'tailor@example.com', password: 'Ta1lorPass!', name: 'Wear Tailor' },
  /** A customer who finds a design from a crop of it (search by picture). */
  finder: { email: 'finder@example.com', password: 'F1nderPass!', name: 'Picture Finder', customer: 'Finder Textiles Ltd.' },
  /** An admin who tags unlabeled designs (its own authenticator). */
  tagger: { email: 'tagger@example.com', password: 'T4ggerPass!', name: 'Label Tagger' },
  /** An admin who pins designs (its own authenticator: each sign-in takes a time step of it). */
  pinner: { email: 'pinner@example.com', password: 'P1nnerPass!', name: 'Design Pinner' },
  /** An admin who reads the statistics (its own authenticator). */
  planner: { email: 'planner@example.com', password: 'Pl4nnerPass!', name: 'Studio Planner' },
  /** An admin who changes the general settings (its own authenticator). */
  switcher: { email: 'switcher@example.com', password: 'Sw1tcherPass!', name: 'Settings Switcher' },
  /** A customer whose views only the statistics journey makes (its company has no other activity). */
  watcher: { email: 'watcher@example.com', password: 'W4tcherPass!', name: 'Label Watcher', customer: 'Watcher Prints Ltd.' },
  /** A customer who views a design in repeat, on fabric, at print size and worn. */
  wearer: { email: 'wearer@example.com', password: 'We4rerPass!', name: 'Fabric Buyer', customer: 'Wearer Textiles Ltd.' },
} as const;
