// Every namespace of one language: one chunk per language, so a page loads only its own.
import admin from './admin.json';
import archive from './archive.json';
import auth from './auth.json';
import cad from './cad.json';
import collections from './collections.json';
import collectionsAdmin from './collections-admin.json';
import common from './common.json';
import customers from './customers.json';
import design from './design.json';
import designAdmin from './design-admin.json';
import errors from './errors.json';
import favorites from './favorites.json';
import labels from './labels.json';
import pages from './pages.json';
import pins from './pins.json';
import poolCriteria from './pool-criteria.json';
import pools from './pools.json';
import settings from './settings.json';
import similar from './similar.json';
import specialLists from './special-lists.json';
import statistics from './statistics.json';

export default { common, auth, archive, admin, design, designAdmin, pages, customers, pools, poolCriteria, settings, favorites, cad, collections, collectionsAdmin, specialLists, similar, labels, pins, statistics, errors };
