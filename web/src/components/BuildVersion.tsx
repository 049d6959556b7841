import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUILD_VERSION } from '@/lib/config';

/** The display-only build version (spec portal-core §9). */
export function BuildVersion(props: TextProps) {
  const { t } = useTranslation('common');
  return (
    <Text size="xs" c="dimmed" data-testid="build-version" {...props}>
      {t('buildVersion', { version: BUILD_VERSION })}
    </Text>
  );
}
