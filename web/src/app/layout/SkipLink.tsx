import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The id of the page's main content, the skip link's target (AppShell.Main). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content" (WCAG 2.1 SC 2.4.1): the first stop of the keyboard on every signed-in
 * page, shown only when focused; it moves the focus past the toolbar and the navigation.
 */
export function SkipLink() {
  const { t } = useTranslation('navigation');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skip}
      data-testid="skip-to-content"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
