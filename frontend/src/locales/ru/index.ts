// Every namespace of one language (tests, checks and the type of the resources): the app loads
// it in parts, `app` first, then `shared`, and the others with their routes (src/lib/i18n.ts).
import adminPanel from './admin-panel';
import app from './app';
import auth from './auth.json';
import design from './design.json';
import shared from './shared';

export default { ...app, ...shared, auth, design, ...adminPanel };
