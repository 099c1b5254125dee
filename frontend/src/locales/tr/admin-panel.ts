// The admin panel's namespaces: loaded with the admin layout (src/app/routes.tsx), one chunk per language.
import admin from './admin.json';
import collectionsAdmin from './collections-admin.json';
import customers from './customers.json';
import designAdmin from './design-admin.json';
import labels from './labels.json';
import poolCriteria from './pool-criteria.json';
import pools from './pools.json';
import settings from './settings.json';
import specialLists from './special-lists.json';
import statistics from './statistics.json';

export default { admin, designAdmin, customers, pools, poolCriteria, settings, collectionsAdmin, specialLists, labels, statistics };
