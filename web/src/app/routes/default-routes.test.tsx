import { describe, expect, it } from 'vitest';
import { dashboardFor } from './default-routes';

describe('default children (spec portal-core §2)', () => {
  it('opens the widest dashboard of the role under /apps/dashboards', () => {
    expect(dashboardFor(['pwa-rh-adm', 'pwa-rh-ges'])).toBe('/apps/dashboards2');
    expect(dashboardFor(['pwa-rh-ges', 'pwa-rh-col'])).toBe('/apps/dashboards1');
    expect(dashboardFor(['pwa-rh-col'])).toBe('/apps/dashboards0');
    expect(dashboardFor([])).toBe('/apps/dashboards0');
  });
});
