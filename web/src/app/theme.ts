import { createTheme } from '@mantine/core';

// The base theme; the tenant's themes JSON (TenantInfo) is mapped onto it by
// features/tenant-theme (useTenantTheme in provider.tsx).
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Transitions and animations follow the system's "reduce motion" setting (issue 37); the
  // colours are made readable by accessible-colors.ts (provider.tsx).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
