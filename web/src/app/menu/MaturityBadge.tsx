import { useEffect, useState } from 'react';
import { Badge, Popover, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maturityOf } from './menu';

/** How long the maturity notice shows after a click (spec portal-core §9). */
export const MATURITY_NOTICE_MS = 10_000;

const COLORS = ['red', 'orange', 'green'] as const;

/**
 * The menu maturity badge (spec portal-core §2): status 0 development (red, caution),
 * 1 testing (orange, minor adjustments), other production (green, availability depends on
 * the supply contract). Clicking shows the notice for 10 s.
 */
export function MaturityBadge({ status, id, compact = false, interactive = true }: { status?: number; id: string; compact?: boolean; interactive?: boolean }) {
  const { t } = useTranslation('navigation');
  const level = maturityOf(status);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => setOpened(false), MATURITY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [opened]);
  const label = t(`maturity.${level}`);
  const open = (e: { preventDefault: () => void; stopPropagation: () => void }) => {
    e.preventDefault();
    e.stopPropagation();
    setOpened(true);
  };
  // Inside a menu button (an action entry such as the time clock) the badge is only a label:
  // a button within a button cannot be reached (axe nested-interactive).
  if (!interactive) {
    return (
      <Badge component="span" color={COLORS[level]} variant={compact ? 'filled' : 'light'} size="xs" circle={compact} style={{ flexShrink: 0 }} title={`${t('maturity.label')}: ${label}`} data-testid={`maturity-${id}`} data-status={level}>
        {compact ? <VisuallyHidden>{`${t('maturity.label')}: ${label}`}</VisuallyHidden> : label}
      </Badge>
    );
  }
  // The popover is mounted only while the notice shows: a menu has many badges.
  const badge = (
    <Badge
      component="span"
      role="button"
      tabIndex={0}
      color={COLORS[level]}
      variant={compact ? 'filled' : 'light'}
      size="xs"
      circle={compact}
      style={{ cursor: 'pointer', flexShrink: 0 }}
      title={`${t('maturity.label')}: ${label}`}
      aria-label={`${t('maturity.label')}: ${label}`}
      data-testid={`maturity-${id}`}
      data-status={level}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') open(e);
      }}
    >
      {compact ? '' : label}
    </Badge>
  );
  if (!opened) return badge;
  return (
    <Popover opened onChange={setOpened} position="right" withArrow shadow="md" width={260} withinPortal>
      <Popover.Target>{badge}</Popover.Target>
      <Popover.Dropdown data-testid={`maturity-notice-${id}`}>
        <Text size="sm" c={COLORS[level]}>
          {t(`maturity.notice${level}`)}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
