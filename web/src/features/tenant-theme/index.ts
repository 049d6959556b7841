export { useTenantTheme } from './use-tenant-theme';
export { parseThemes, shadesOf, tenantCssVariablesResolver, tenantThemeOverride } from './utils/tenant-theme';
