import { Divider, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { requestQueries } from '../api/queries';
import type { LookupEntry, Request } from '../api/types';
import { isoToText } from '../utils/date-text';
import { typeTitle, useRequestsT } from '../utils/i18n';

const entry = (e?: LookupEntry | null) => (e ? [e.code, e.description].filter(Boolean).join(' · ') : '');

const money = (valor: string) => Number(valor).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The request's other lookups, its instalments (GET pedidocompra/parcelas), its cost split
 * (GET crd) and the same person's other open requests (GET request/others), each shown only
 * when there is something to show.
 */
export function RequestPlanView({ request }: { request: Request }) {
  const tx = useRequestsT();
  const instalments = useQuery(requestQueries.instalments(request.origem, request.ac4Ukey)).data ?? [];
  const shares = useQuery(requestQueries.apportionment(request.origem, request.ac4Ukey)).data ?? [];
  const others = useQuery(requestQueries.others(request.ac4Ukey)).data ?? [];
  const lookups = (['centroResultado', 'unidadeNegocio', 'cargo', 'funcao', 'unidadeMedida'] as const).filter((k) => request[k]);
  return (
    <Stack gap="sm">
      {lookups.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {lookups.map((k) => (
            <Stack gap={0} key={k}>
              <Text size="xs" c="dimmed">
                {tx(`fields.${k}`)}
              </Text>
              <Text size="sm" data-testid={`request-view-${k}`}>
                {entry(request[k])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {instalments.length > 0 && (
        <>
          <Divider label={tx('fields.parcelas')} labelPosition="left" />
          <Table withTableBorder data-testid="request-view-parcelas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{tx('plan.dueDate')}</Table.Th>
                <Table.Th ta="right">{tx('plan.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {instalments.map((p) => (
                <Table.Tr key={p.numero}>
                  <Table.Td>{p.numero}</Table.Td>
                  <Table.Td>{isoToText(p.vencimento)}</Table.Td>
                  <Table.Td ta="right">{money(p.valor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {shares.length > 0 && (
        <>
          <Divider label={tx('fields.rateio')} labelPosition="left" />
          <Table withTableBorder data-testid="request-view-rateio">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tx('plan.kind')}</Table.Th>
                <Table.Th>{tx('plan.centre')}</Table.Th>
                <Table.Th ta="right">{tx('plan.percent')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.map((s) => (
                <Table.Tr key={`${s.tipo}-${s.centro.id}`}>
                  <Table.Td>{tx(`plan.kinds.${s.tipo}`)}</Table.Td>
                  <Table.Td>{entry(s.centro)}</Table.Td>
                  <Table.Td ta="right">{s.percentual.toLocaleString(undefined, { maximumFractionDigits: 2 })} %</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {others.length > 0 && (
        <>
          <Divider label={tx('plan.others')} labelPosition="left" />
          <Stack gap={2} data-testid="request-view-others">
            {others.map((o) => (
              <Text size="sm" key={o.ac4Ukey}>
                {typeTitle(tx, o.tipo)} · {o.titulo} · {isoToText(o.dataReferencia)} · {tx(`approvalStatus.${o.approvalStatus}`, { defaultValue: o.approvalStatus })}
              </Text>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
