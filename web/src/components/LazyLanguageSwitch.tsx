import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const loadMenu = () => import('./LanguageSwitch').then((m) => ({ default: m.LanguageSwitch }));
const LanguageSwitch = lazy(loadMenu);

/**
 * The language menu for the first page: a plain button until it is wanted. The menu (and the
 * popover machinery it brings) loads when the pointer comes near or the button is used, and
 * opens at once after the click that asked for it.
 */
export function LazyLanguageSwitch() {
  const { t } = useTranslation('common');
  const [wanted, setWanted] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={t('language.label')}
      data-testid="lang-menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    >
      <IconLanguage size={22} />
    </ActionIcon>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSwitch defaultOpened />
    </Suspense>
  );
}
