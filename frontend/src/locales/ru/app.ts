// The namespaces of the screens every account sees (archive, favorites, boards) and of every
// failure: the chunk the app loads before its first render, one per language. The design page's,
// the sign-in screens' and the admin panel's come with their routes (src/lib/i18n.ts).
import archive from './archive.json';
import cad from './cad.json';
import collections from './collections.json';
import common from './common.json';
import errors from './errors.json';
import favorites from './favorites.json';
import pages from './pages.json';
import pins from './pins.json';
import similar from './similar.json';

export default { common, archive, pages, favorites, cad, collections, similar, pins, errors };
