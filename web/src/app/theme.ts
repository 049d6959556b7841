import { createTheme } from '@mantine/core';

// Tenant themes (JSON text from TenantInfo) will map onto this Mantine theme.
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
