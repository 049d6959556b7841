export { useAreaStyle, useTenantTheme } from './use-tenant-theme';
export { AREAS, GALLERY, EXCLUDED_THEMES, galleryNames, themesOf, type Area } from './utils/gallery';
export { parseThemes, shadesOf, tenantCssVariablesResolver, tenantThemeOverride } from './utils/tenant-theme';
