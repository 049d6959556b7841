import { createTheme } from '@mantine/core';

// The base theme; the tenant's themes JSON (TenantInfo) is mapped onto it by
// features/tenant-theme (useTenantTheme in provider.tsx).
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
