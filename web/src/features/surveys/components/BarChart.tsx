import { Box, Group, Text } from '@mantine/core';

export interface Bar {
  label: string;
  value: number;
  color?: string;
}

interface BarChartProps {
  bars: Bar[];
  /** The value of a full bar (default: the largest value). */
  max?: number;
  /** How a value is written beside its bar. */
  format?: (v: number) => string;
  testId?: string;
}

/** A small horizontal bar chart in plain SVG (no chart dependency). */
export function BarChart({ bars, max, format = String, testId }: BarChartProps) {
  const top = max ?? Math.max(1, ...bars.map((b) => b.value));
  return (
    <Box data-testid={testId}>
      {bars.map((b) => (
        <Group key={b.label} gap="xs" wrap="nowrap" mb={4}>
          <Text size="xs" w={140} truncate="end" title={b.label}>
            {b.label}
          </Text>
          <svg width="100%" height="14" style={{ flex: 1 }} role="img" aria-label={`${b.label}: ${format(b.value)}`}>
            <rect x="0" y="2" width="100%" height="10" rx="3" fill="var(--mantine-color-default-border)" />
            <rect
              x="0"
              y="2"
              width={`${top > 0 ? Math.max(0, Math.min(100, (100 * b.value) / top)) : 0}%`}
              height="10"
              rx="3"
              fill={b.color ?? 'var(--mantine-primary-color-filled)'}
            />
          </svg>
          <Text size="xs" w={48} ta="right">
            {format(b.value)}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

/**
 * A vertical column chart in plain SVG (the eNPS distribution 0..10). Its text alternative
 * lists every column's label and value (issue 37, WCAG 1.1.1).
 */
export function ColumnChart({ bars, testId }: { bars: Bar[]; testId?: string }) {
  const top = Math.max(1, ...bars.map((b) => b.value));
  const w = 28;
  const h = 120;
  return (
    <svg
      width={bars.length * (w + 6)}
      height={h + 34}
      role="img"
      aria-label={bars.map((b) => `${b.label}: ${b.value}`).join(', ')}
      data-testid={testId}
      style={{ maxWidth: '100%' }}
      viewBox={`0 0 ${bars.length * (w + 6)} ${h + 34}`}
    >
      {bars.map((b, i) => {
        const bh = (h * b.value) / top;
        const x = i * (w + 6);
        return (
          <g key={b.label}>
            <rect x={x} y={h - bh + 14} width={w} height={bh} rx="3" fill={b.color ?? 'var(--mantine-primary-color-filled)'} />
            <text x={x + w / 2} y={h - bh + 10} fontSize="10" textAnchor="middle" fill="currentColor">
              {b.value}
            </text>
            <text x={x + w / 2} y={h + 28} fontSize="11" textAnchor="middle" fill="currentColor">
              {b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
