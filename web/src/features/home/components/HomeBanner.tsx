import type { ReactNode } from 'react';
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { homeQueries } from '../api/queries';
import { bannerText, boxOpacity, safeColor, safeImage } from '@/lib/banner-text';

/** The default banner image (spec §2 id_300: "home_page_bgimage ... has a default"). */
export const DEFAULT_BANNER_IMAGE = '/images/home-banner.svg';

/** Roles for which the banner loads the pending items (spec portal-business §2). */
export const PENDING_ROLES = ['pwa-rh-adm', 'pwa-rh-ges', 'pwa-rh-col'] as const;

// The banner's kinds of pending item (readapi's home.PendingProvider of each area).
const PENDING_KEYS = {
  notifications: 'pending.notifications',
  mood: 'pending.mood',
  requests: 'pending.requests',
  'approvals.requests': 'pending.approvals_requests',
  'approvals.vacations': 'pending.approvals_vacations',
  'approvals.adjustments': 'pending.approvals_adjustments',
  'approvals.abonos': 'pending.approvals_abonos',
  surveys: 'pending.surveys',
} as const;

function hexToRgba(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = parseInt(h, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

interface HomeBannerProps {
  /** Panels shown on the banner beside the texts (the mood check-in). */
  children?: ReactNode;
}

/**
 * The home banner (spec portal-business §2 "Home banner"): the tenant's greeting, title and
 * message with {name} replaced by the shortened display name (empty with hideName),
 * defaults from translation keys, the background image and colours, a text box of the box
 * colour and opacity, optional panels, and the pending items for pwa-rh-adm, pwa-rh-ges and
 * pwa-rh-col.
 */
export function HomeBanner({ children }: HomeBannerProps) {
  const { t } = useTranslation('home');
  const user = useSessionStore(selectUser);
  const roles = user?.roles ?? user?.role ?? [];
  const loadsPending = roles.some((r) => (PENDING_ROLES as readonly string[]).includes(r));
  // Read again when an administrator saves the home page (settings.changed, app/live-queries.ts).
  // Without the settings (a failure) the translated defaults are shown.
  const configQuery = useQuery(homeQueries.config());
  const config = configQuery.data;
  // The texts wait for the settings, so the translated defaults never flash before them.
  const loaded = !configQuery.isPending;
  const pending = useQuery({ ...homeQueries.pending(), enabled: loadsPending }).data?.items;

  const name = user?.displayName || user?.userName || '';
  const hide = config?.hideName ?? false;
  const greeting = bannerText(config?.home_page_greeting, t('greeting'), name, hide);
  const title = bannerText(config?.home_page_title, t('title'), name, hide);
  const message = bannerText(config?.home_page_message, t('message'), name, hide);
  const image = safeImage(config?.home_page_bgimage) ?? DEFAULT_BANNER_IMAGE;
  const textColor = safeColor(config?.home_page_textcolor) ?? 'var(--mantine-color-white)';
  const bgColor = safeColor(config?.home_page_bgcolor) ?? 'var(--mantine-primary-color-filled)';
  const boxColor = safeColor(config?.home_page_boxcolor) ?? '#000000';
  const opacity = boxOpacity(config?.home_page_boxopacity);
  const shown = (pending ?? []).filter((p) => p.count > 0);

  return (
    <Box
      component="section"
      aria-label={t('bannerLabel')}
      data-testid="home-banner"
      p={{ base: 'md', md: 'xl' }}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        backgroundColor: bgColor,
        backgroundImage: `url("${image}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        color: textColor,
      }}
    >
      <Group align="flex-start" justify="space-between" gap="lg">
        <Box
          p="lg"
          data-testid="home-banner-box"
          style={{ borderRadius: 'var(--mantine-radius-md)', backgroundColor: hexToRgba(boxColor, opacity), maxWidth: 620, flex: '1 1 320px' }}
        >
          <Stack gap="xs" style={{ visibility: loaded ? 'visible' : 'hidden' }}>
            <Text size="lg" fw={600} data-testid="home-banner-greeting">
              {greeting}
            </Text>
            <Title order={2} data-testid="home-banner-title" style={{ color: 'inherit', whiteSpace: 'pre-line' }}>
              {title}
            </Title>
            <Text data-testid="home-banner-message" style={{ whiteSpace: 'pre-line' }}>
              {message}
            </Text>
            {loadsPending && pending && (
              <Group gap="xs" mt="xs" data-testid="home-pending">
                <Text size="sm" fw={600}>
                  {t('pending.title')}:
                </Text>
                {shown.length === 0 ? (
                  <Text size="sm">{t('pending.none')}</Text>
                ) : (
                  shown.map((p) => {
                    const label = p.kind in PENDING_KEYS ? t(PENDING_KEYS[p.kind as keyof typeof PENDING_KEYS]) : t('pending.other');
                    const badge = (
                      <Badge key={p.kind} variant="white" color="dark" size="lg" tt="none" data-testid={`home-pending-${p.kind.replace('.', '-')}`}>
                        {label}: {p.count}
                      </Badge>
                    );
                    return p.link ? (
                      <Link key={p.kind} to={p.link} style={{ textDecoration: 'none' }}>
                        {badge}
                      </Link>
                    ) : (
                      badge
                    );
                  })
                )}
              </Group>
            )}
          </Stack>
        </Box>
        {children}
      </Group>
    </Box>
  );
}
