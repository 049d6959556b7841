import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What the chart shows (its section's title). */
  title: string;
  /** The id of the table holding the chart's figures. */
  tableId?: string;
  /** The figures themselves, for a chart without a table beside it (e.g. "12/10: 40, 19/10: 55"). */
  figures?: string;
  children: ReactNode;
}

/**
 * A chart's text alternative (issue 37, WCAG 1.1.1): the drawing is one image named after what
 * it shows and described by the table of its figures beside it, so a screen reader reads the
 * numbers once, from the table, instead of the SVG's axis ticks. A chart without a table names
 * its figures in its label instead.
 */
export function ChartAlt({ title, tableId, figures, children }: Props) {
  const { t } = useTranslation('common');
  const label = tableId ? t('chartAlt', { title }) : t('chartAltFigures', { title, figures });
  return (
    <div role="img" aria-label={label} aria-describedby={tableId} data-testid="chart-alt">
      {children}
    </div>
  );
}
