// Every namespace, added when the signed-in app loads (app/SignedInRoutes.tsx imports this
// module): its screens never render before their translations are there.
import i18n from './index';
import { resources } from './resources';

for (const [lng, namespaces] of Object.entries(resources)) {
  for (const [ns, bundle] of Object.entries(namespaces)) i18n.addResourceBundle(lng, ns, bundle, true, false);
}
