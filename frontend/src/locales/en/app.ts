// The namespaces the archive's first paint shows (the app bar, the search and its results): the
// chunk the app loads before its first render, one per language. The other screens every account
// sees and every failure come next (shared.ts, not awaited by the first paint); the design page's,
// the sign-in screens' and the admin panel's with their routes (src/lib/i18n.ts).
import archive from './archive.json';
import common from './common.json';

export default { common, archive };
