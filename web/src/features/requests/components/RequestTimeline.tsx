import { Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { TimelineEntry } from '../api/types';
import { useRequestsT } from '../utils/i18n';

/**
 * The request's full timeline (issue 4, "live and traceable"): every event with what
 * happened, who did it, on whose behalf, and when.
 */
export function RequestTimeline({ entries }: { entries: TimelineEntry[] }) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {tx('timeline.empty')}
      </Text>
    );
  }
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} data-testid="request-timeline">
      {entries.map((e) => {
        const what = tx(`timeline.what.${e.what}`, { defaultValue: e.what });
        const step = e.data?.kind ? ` · ${tx(`approvers.kind.${e.data.kind}`)}` : '';
        const status = e.data?.status ? ` · ${tx(`deliveryStatus.${e.data.status}`, { defaultValue: e.data.status })}` : '';
        return (
          <Timeline.Item
            key={e.version}
            title={`${what}${step}${status}`}
            data-testid="timeline-entry"
            data-what={e.what}
            data-actor={e.actor?.userHash ?? ''}
          >
            <Text size="sm" data-testid="timeline-who">
              {e.onBehalfOf
                ? tx('timeline.byOnBehalf', { name: e.actor?.nome ?? '?', behalf: e.onBehalfOf.nome })
                : tx('timeline.by', { name: e.actor?.nome ?? '?' })}
            </Text>
            {e.data?.comentario && (
              <Text size="sm" c="dimmed" fs="italic">
                “{e.data.comentario}”
              </Text>
            )}
            {e.data?.anexo && (
              <Text size="sm" c="dimmed">
                {e.data.anexo}
              </Text>
            )}
            <Text size="xs" c="dimmed" data-testid="timeline-when">
              {formatDateTime(e.at, language)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
