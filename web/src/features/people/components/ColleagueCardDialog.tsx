import { useQuery } from '@tanstack/react-query';
import { Accordion, Anchor, Badge, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { MoodAvatar } from '@/components/MoodAvatar';
import { ServerError } from '@/components/ServerError';
import { permissionsOf } from '@/lib/permissions';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { peopleQueries } from '../api/queries';
import type { ColleagueCard, Span } from '../api/types';
import { formatDay } from '../utils/format';
import { buildVCard, isUrl, shortName } from '../utils/vcard';
import { VCardQr } from './VCardQr';
import { usePeopleT } from '../utils/i18n';

/** Roles that see the contact QR code (spec §6: pwa-rh-adm or pwa-rh-ges). */
const QR_ROLES = ['pwa-rh-adm', 'pwa-rh-ges'];

interface Props {
  /** The colleague's employee id; null closes the dialog. */
  employeeId: string | null;
  onClose: () => void;
}

/**
 * The colleague card popup (spec portal-business §2): name, e-mail, unit with start date,
 * position, department, the current vacation or leave or the status, the "more information"
 * answers (URLs as links) and, for HR admins and managers, the contact QR code.
 */
export function ColleagueCardDialog({ employeeId, onClose }: Props) {
  const { t } = usePeopleT();
  return (
    <Modal opened={employeeId !== null} onClose={onClose} title={t('card.title')} size="md" data-testid="colleague-card">
      {employeeId && <CardBody employeeId={employeeId} />}
    </Modal>
  );
}

function CardBody({ employeeId }: { employeeId: string }) {
  const { t, i18n } = usePeopleT();
  const user = useSessionStore(selectUser);
  const { data: card, error } = useQuery(peopleQueries.card(employeeId));
  if (error) return <ServerError error={error} />;
  if (!card) {
    return (
      <Center h={160}>
        <Loader />
      </Center>
    );
  }
  const showQr = permissionsOf(user).roles.some((r) => QR_ROLES.includes(r));
  const day = (iso?: string) => (iso ? formatDay(iso, i18n.language) : '');
  return (
    <Stack gap="sm">
      <Group wrap="nowrap" align="flex-start" pt={4}>
        <MoodAvatar member={card} size="large" />
        <div>
          <Title order={3} title={card.nome} data-testid="card-name">
            {shortName(card.nome)}
          </Title>
          <Text size="sm">{card.cargo}</Text>
          <Text size="sm" c="dimmed">
            {card.departamento}
          </Text>
          <Anchor href={`mailto:${card.email}`} size="sm" data-testid="card-email">
            {card.email}
          </Anchor>
        </div>
      </Group>
      <Text size="sm" data-testid="card-unit">
        {t('card.unit', { unit: card.unidade, date: day(card.inicio) })}
      </Text>
      {card.Fone && (
        <Text size="sm" data-testid="card-phone">
          {t('card.phone', { phone: card.Fone })}
        </Text>
      )}
      <Presence card={card} day={day} />
      {card.tellMeMore.length > 0 && (
        <Accordion variant="contained" data-testid="card-more">
          <Accordion.Item value="more">
            <Accordion.Control>{t('card.more')}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap={6}>
                {card.tellMeMore.map((a) => (
                  <div key={a.id}>
                    <Text size="xs" c="dimmed">
                      {a.pergunta}
                    </Text>
                    {isUrl(a.resposta) ? (
                      <Anchor href={a.resposta} target="_blank" rel="noopener noreferrer" size="sm">
                        {a.resposta}
                      </Anchor>
                    ) : (
                      <Text size="sm">{a.resposta}</Text>
                    )}
                  </div>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
      {showQr && (
        <Stack align="center" gap={4} data-testid="card-qr">
          <VCardQr text={buildVCard(card)} label={t('card.qr', { name: card.nome })} />
          <Text size="xs" c="dimmed">
            {t('card.qrHint')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** The current vacation or leave with its dates, else the status. */
function Presence({ card, day }: { card: ColleagueCard; day: (iso?: string) => string }) {
  const { tr } = usePeopleT();
  const span: [Span, string, string] | null = card.ferias
    ? [card.ferias, 'teal', 'card.onVacation']
    : card.afastamento
      ? [card.afastamento, 'orange', 'card.onLeave']
      : null;
  if (span) {
    const [s, color, key] = span;
    return (
      <Badge color={color} variant="light" size="lg" data-testid="card-presence">
        {tr(key, { start: day(s.inicio), end: day(s.fim) })}
      </Badge>
    );
  }
  const status = card.status?.motivo ?? 'active';
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light" size="lg" data-testid="card-presence">
      {tr(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
