import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { TenantInfo } from '@/lib/session-types';
import { beginSso, hasSso, isGoogleProvider } from '../api/sso-flow';

interface SsoButtonProps {
  tenant: TenantInfo | null;
}

/**
 * Step 2's Google / single-sign-on button (spec portal-core §2): it starts the
 * code flow at the tenant's identity provider. Disabled when the tenant has
 * none. A failed start stops loading with no message (spec §8).
 */
export function SsoButton({ tenant }: SsoButtonProps) {
  const { t } = useTranslation('sso');
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  const available = hasSso(tenant);
  const google = !available || isGoogleProvider(tenant);

  const start = async () => {
    if (!tenant) return;
    setLoading(true);
    try {
      await beginSso(tenant.accessCode, (location.state as { from?: string } | null)?.from);
    } catch {
      setLoading(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        leftSection={google ? <IconBrandGoogle size={18} /> : <IconKey size={18} />}
        variant="default"
        disabled={!available}
        loading={loading}
        fullWidth
        onClick={() => void start()}
        data-testid="google-login"
      >
        {google ? t('googleButton') : t('button')}
      </Button>
      {!available && (
        <Text size="xs" c="dimmed" ta="center">
          {t('unavailable')}
        </Text>
      )}
    </Stack>
  );
}
