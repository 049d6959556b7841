import { ActionIcon, Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { RequestDraft } from '../api/types';
import { useRequestsT } from '../utils/i18n';
import { hundredths } from '../utils/request-form';
import { DateField } from './DateField';
import { LookupSelect } from './LookupSelect';

/**
 * A purchase's instalments (docs/api.md pedidocompra/parcelas): rows of due date and amount,
 * added and removed; the server numbers them in the order shown.
 */
export function InstalmentsField({ value, onChange, error }: { value: RequestDraft['parcelas']; onChange: (v: RequestDraft['parcelas']) => void; error?: string }) {
  const tx = useRequestsT();
  const change = (i: number, patch: Partial<RequestDraft['parcelas'][number]>) => onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Input.Wrapper label={tx('fields.parcelas')} error={error} data-testid="request-field-parcelas">
      <Stack gap={4}>
        {value.map((p, i) => (
          <Group key={i} gap="xs" wrap="nowrap" data-testid="request-parcela">
            <Text size="sm" w={24}>
              {i + 1}
            </Text>
            <DateField aria-label={tx('plan.dueDate')} value={p.vencimento} onChange={(v) => change(i, { vencimento: v })} data-testid={`request-parcela-vencimento-${i}`} />
            <TextInput aria-label={tx('plan.amount')} placeholder="0,00" inputMode="decimal" value={p.valor} onChange={(e) => change(i, { valor: e.currentTarget.value })} maxLength={16} data-testid={`request-parcela-valor-${i}`} />
            <ActionIcon variant="subtle" color="red" aria-label={tx('plan.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} w="fit-content" onClick={() => onChange([...value, { vencimento: '', valor: '' }])} data-testid="request-parcela-add">
          {tx('plan.addInstalment')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * The cost split over cost centres (CRD1Search) and result centres (CRD2Search), with the
 * running total: the parts must add up to 100 % (docs/api.md crd).
 */
export function ApportionmentField({ value, onChange, error }: { value: RequestDraft['rateio']; onChange: (v: RequestDraft['rateio']) => void; error?: string }) {
  const tx = useRequestsT();
  const change = (i: number, patch: Partial<RequestDraft['rateio'][number]>) => onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const total = value.reduce((a, r) => a + (hundredths(r.percentual) ?? 0), 0) / 100;
  return (
    <Input.Wrapper label={tx('fields.rateio')} error={error} data-testid="request-field-rateio">
      <Stack gap={4}>
        {value.map((r, i) => (
          <Group key={i} gap="xs" align="flex-end" data-testid="request-rateio-row">
            <Select
              aria-label={tx('plan.kind')}
              w={190}
              data={(['custo', 'resultado'] as const).map((k) => ({ value: k, label: tx(`plan.kinds.${k}`) }))}
              value={r.tipo}
              allowDeselect={false}
              onChange={(k) => change(i, { tipo: (k ?? 'custo') as 'custo' | 'resultado', centro: null })}
              data-testid={`request-rateio-tipo-${i}`}
            />
            {/* On a phone the centre takes a line of its own rather than shrinking to nothing. */}
            <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
              <LookupSelect
                kind={r.tipo === 'custo' ? 'costCentre' : 'resultCentre'}
                label={tx(r.tipo === 'custo' ? 'fields.centroCusto' : 'fields.centroResultado')}
                value={r.centro}
                onChange={(c) => change(i, { centro: c })}
                testId={`request-rateio-centro-${i}`}
              />
            </div>
            <TextInput aria-label={tx('plan.percent')} w={90} rightSection="%" inputMode="decimal" value={r.percentual} onChange={(e) => change(i, { percentual: e.currentTarget.value })} maxLength={6} data-testid={`request-rateio-percentual-${i}`} />
            <ActionIcon variant="subtle" color="red" mb={6} aria-label={tx('plan.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, { tipo: 'custo', centro: null, percentual: '' }])} data-testid="request-rateio-add">
            {tx('plan.addShare')}
          </Button>
          {value.length > 0 && (
            <Text size="sm" c={total === 100 ? 'dimmed' : 'red'} data-testid="request-rateio-total">
              {tx('plan.total', { total: total.toLocaleString(undefined, { maximumFractionDigits: 2 }) })}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
