// The namespaces of the other screens every account sees (the archive's search controls,
// favorites, boards, the line sheet, the search by picture) and of every failure: asked for with
// the first part, awaited by every route and every deferred part but the archive's first paint
// (src/lib/i18n.ts).
import cad from './cad.json';
import collections from './collections.json';
import errors from './errors.json';
import favorites from './favorites.json';
import pages from './pages.json';
import pins from './pins.json';
import search from './search.json';
import similar from './similar.json';

export default { pages, search, favorites, cad, collections, similar, pins, errors };
