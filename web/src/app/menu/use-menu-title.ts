import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { titleKey } from './menu';

/** Translates menu item titles (navigation:menu.<id>); unknown ids show as they are. */
export function useMenuTitle(): (id: string) => string {
  const { t, i18n } = useTranslation('navigation');
  return useCallback(
    (id: string) => {
      const key = titleKey(id);
      // Menu ids come from menu.json, so the key is only known at run time.
      return i18n.exists(key, { ns: 'navigation' }) ? (t as unknown as (k: string) => string)(key) : id;
    },
    [t, i18n],
  );
}
