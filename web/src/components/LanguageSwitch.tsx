import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/language';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';

/**
 * Language menu (pt, en, es); choosing one stores the `lang` cookie for 24 months.
 * defaultOpened opens it at once (LazyLanguageSwitch, after the click that loaded it).
 */
export function LanguageSwitch({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation('common');
  const language = useLanguageStore(selectLanguage);
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t('language.label')}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('language.label')} data-testid="lang-menu">
            <IconLanguage size={22} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => setLanguage(lng)}
            rightSection={lng === language ? <IconCheck size={14} /> : null}
            data-testid={`lang-${lng}`}
            lang={lng}
          >
            {t(`language.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
