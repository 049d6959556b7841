import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { Announcer } from '@/components/Announcer';
import { INVALID_TOKEN } from '@/lib/api';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@/lib/config';
import { queryClient } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';
import { useTenantTheme } from '@/features/tenant-theme';
import { withAccessibleColors } from './accessible-colors';
import { theme } from './theme';

/** Tells the user when the session ended because the server refused the token. */
function SessionNotices() {
  const reason = useSessionStore((s) => s.logoutReason);
  useEffect(() => {
    if (reason === INVALID_TOKEN || reason === 'token_expirado') {
      notifications.show({ color: 'yellow', message: i18n.t('session.invalidToken', { ns: 'common' }) });
    }
  }, [reason]);
  return null;
}

/** The icon-only buttons Mantine draws (close buttons of drawers, dialogs, toasts and alerts; the eye dropper) named in the user's language. */
function withNamedButtons(base: MantineThemeOverride, label: string, eyeDropper: string): MantineThemeOverride {
  const named = { defaultProps: { closeButtonProps: { 'aria-label': label } } };
  // Alert takes its close button's name as a prop of its own (closeButtonLabel), not closeButtonProps.
  const alert = { defaultProps: { closeButtonLabel: label } };
  // ColorInput's eye-dropper button (shown where the browser has an EyeDropper) is icon-only.
  const colorInput = { defaultProps: { eyeDropperButtonProps: { 'aria-label': eyeDropper } } };
  return mergeThemeOverrides(base, {
    components: { Drawer: named, Modal: named, Notification: named, Alert: alert, ColorInput: colorInput },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  // The tenant's main palette (TenantInfo themes) over the base theme (spec portal-core §3, §4).
  const tenantTheme = useTenantTheme(theme);
  const { t } = useTranslation('common', { i18n });
  const themed = useMemo(() => withNamedButtons(tenantTheme.theme, t('close'), t('eyeDropper')), [tenantTheme.theme, t]);
  // Every text at WCAG 2.1 AA contrast, whatever the palette (issue 37).
  const resolver = useMemo(() => withAccessibleColors(tenantTheme.cssVariablesResolver), [tenantTheme.cssVariablesResolver]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={themed} cssVariablesResolver={resolver} defaultColorScheme="light">
          <Notifications position="bottom-right" limit={TOAST_LIMIT} autoClose={TOAST_AUTO_CLOSE_MS} />
          <SessionNotices />
          <Announcer />
          {children}
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
