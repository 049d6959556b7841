import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandSpotify,
  IconBrandYoutube,
  IconDeviceDesktop,
  IconHome,
  IconWorldWww,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BuildVersion } from '@/components/BuildVersion';
import { HOME_PATH } from '@/lib/config';
import { selectTenant, selectUser, useSessionStore } from '@/lib/session-store';

const SOCIAL = [
  { key: 'linkedin', icon: IconBrandLinkedin },
  { key: 'facebook', icon: IconBrandFacebook },
  { key: 'youTube', icon: IconBrandYoutube },
  { key: 'spotify', icon: IconBrandSpotify },
  // The tenant's own portal (TenPortalUrl) and its TS Plus remote-desktop address (TenTsPlus).
  { key: 'portalUrl', icon: IconWorldWww },
  { key: 'tsPlus', icon: IconDeviceDesktop },
] as const;

/** Footer: home button, social links, portal and TS Plus links the tenant has, tenant and provider links, build version. */
export function Footer() {
  const { t } = useTranslation('common');
  const user = useSessionStore(selectUser);
  const tenant = useSessionStore(selectTenant);
  const urls = tenant?.urls ?? {};
  const tenantUrl = user?.url_Tenant || urls.url;
  const tenantTitle = user?.url_TenantTitle || urls.title || user?.tenantFantasyName || tenant?.tenantName;
  const provider = tenant?.provider;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={t('footer.home')}>
          <ActionIcon component={Link} to={HOME_PATH} variant="subtle" aria-label={t('footer.home')} data-testid="footer-home">
            <IconHome size={18} />
          </ActionIcon>
        </Tooltip>
        {SOCIAL.map(({ key, icon: Icon }) =>
          urls[key] ? (
            <ActionIcon
              key={key}
              component="a"
              href={urls[key] ?? undefined}
              target="_blank"
              rel="noreferrer"
              variant="subtle"
              aria-label={t(`footer.${key}`)}
              data-testid={`footer-${key}`}
            >
              <Icon size={18} />
            </ActionIcon>
          ) : null,
        )}
        {tenantUrl && tenantTitle && (
          <Anchor href={tenantUrl} target="_blank" rel="noreferrer" size="xs" data-testid="footer-tenant">
            {tenantTitle}
          </Anchor>
        )}
        {!tenantUrl && tenantTitle && (
          <Anchor component="span" size="xs" c="dimmed" data-testid="footer-tenant">
            {tenantTitle}
          </Anchor>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {provider?.url && provider.title && (
          <Anchor href={provider.url} target="_blank" rel="noreferrer" size="xs" visibleFrom="sm">
            {provider.title}
          </Anchor>
        )}
        <BuildVersion />
      </Group>
    </Group>
  );
}
