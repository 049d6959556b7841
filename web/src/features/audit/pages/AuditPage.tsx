import { useState } from 'react';
import { Anchor, Badge, Card, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AS_OF_KINDS, type AuditSubject } from '../api/audit';
import { AsOfPanel } from '../components/AsOfPanel';
import { ChainPanel } from '../components/ChainPanel';
import { ReadsPanel } from '../components/ReadsPanel';
import { ReplayPanel } from '../components/ReplayPanel';
import { SubjectSearch } from '../components/SubjectSearch';
import { Timeline } from '../components/Timeline';
import { useAuditT } from '../utils';

/** The page's tabs, in order. */
const PAGE_TABS = ['history', 'chain', 'replay', 'reads'] as const;

/**
 * /apps/auditoria: auditors and HR admins read history. Find a subject, read its timeline,
 * rebuild its state as of an instant; check the tenant's hash chains; rebuild a read model into
 * a shadow copy and compare it with the live one; see who read what.
 */
export function AuditPage() {
  const { t, tr } = useAuditT();
  const [subject, setSubject] = useState<AuditSubject | undefined>();
  return (
    <Stack gap="lg" data-testid="audit-page">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        {/* The REP-P screen (features/rep) is reached from here: the same people may open it. */}
        <Anchor component={Link} to="/apps/auditoria/rep-p" data-testid="audit-rep-link">
          {t('repLink')}
        </Anchor>
      </Group>
      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List>
          {PAGE_TABS.map((v) => (
            <Tabs.Tab key={v} value={v} data-testid={`audit-tab-${v}`}>
              {t(`tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="history" pt="md">
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder>
                <SubjectSearch onPick={setSubject} picked={subject} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {!subject && <Text c="dimmed">{t('search.hint')}</Text>}
              {subject && (
                <Card withBorder>
                  <Stack gap="md">
                    <Group gap="xs">
                      <Badge variant="light">{tr(`kinds.${subject.kind}`)}</Badge>
                      <Title order={4} data-testid="audit-subject">
                        {subject.label}
                      </Title>
                    </Group>
                    <Tabs defaultValue="timeline" key={`${subject.kind}-${subject.id}`}>
                      <Tabs.List>
                        <Tabs.Tab value="timeline">{t('tabs.timeline')}</Tabs.Tab>
                        {AS_OF_KINDS.includes(subject.kind) && (
                          <Tabs.Tab value="asof" data-testid="audit-tab-asof">
                            {t('tabs.asOf')}
                          </Tabs.Tab>
                        )}
                      </Tabs.List>
                      <Tabs.Panel value="timeline" pt="sm">
                        <Timeline subject={subject} />
                      </Tabs.Panel>
                      <Tabs.Panel value="asof" pt="sm">
                        <AsOfPanel subject={subject} />
                      </Tabs.Panel>
                    </Tabs>
                  </Stack>
                </Card>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="chain" pt="md">
          <ChainPanel />
        </Tabs.Panel>
        <Tabs.Panel value="replay" pt="md">
          <ReplayPanel />
        </Tabs.Panel>
        <Tabs.Panel value="reads" pt="md">
          <ReadsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
