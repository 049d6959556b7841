import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import type { SurveyFilter } from '../api/types';

const FILTERS: SurveyFilter[] = ['all', '0', '2'];

interface FilterControlProps extends Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> {
  value: SurveyFilter;
  onChange: (filter: SurveyFilter) => void;
  /** The captions of all, ongoing (0) and finished (2). */
  labels: [string, string, string];
}

/** The filter of a survey list (spec §2: folder all, filter/0, filter/2). */
export function FilterControl({ value, onChange, labels, ...props }: FilterControlProps) {
  return (
    <SegmentedControl
      {...props}
      value={value}
      onChange={(f) => onChange(f as SurveyFilter)}
      data={FILTERS.map((f, i) => ({ value: f, label: labels[i] }))}
    />
  );
}
