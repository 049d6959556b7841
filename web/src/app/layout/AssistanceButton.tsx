import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { selectUser, useSessionStore } from '@/lib/session-store';

/** GET /api/gen/assistance?tenId: the tenant's toolbar assistance link (spec portal-core §3, business §2 id_140). */
export interface Assistance {
  AssTitle: string;
  AssUrl: string;
}

export function getAssistance(signal?: AbortSignal): Promise<Assistance> {
  return api.get<Assistance>('/api/gen/assistance', { signal });
}

/** Only http(s) links are opened: a tenant's typo must not become a javascript: link. */
export function safeAssistanceUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The toolbar's assistance button (spec portal-core §2 toolbar, §7 "a read of the toolbar
 * assistance link"): shown only when the tenant configured AssUrl; the tenant's AssTitle is its
 * label. It opens the tenant's external help site in a new tab, so the portal stays open.
 */
export function AssistanceButton() {
  const { t } = useTranslation('common');
  const hash = useSessionStore(selectUser)?.hash;
  const { data } = useQuery({
    queryKey: ['assistance', hash],
    queryFn: ({ signal }) => getAssistance(signal),
    enabled: Boolean(hash),
    staleTime: 5 * 60_000,
  });
  const href = safeAssistanceUrl(data?.AssUrl);
  if (!href) return null;
  const label = data?.AssTitle || t('toolbar.assistance');
  return (
    <Tooltip label={label}>
      <ActionIcon
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="toolbar-assistance"
      >
        <IconLifebuoy size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
