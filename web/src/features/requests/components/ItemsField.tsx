import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestQueries } from '../api/queries';
import type { CatalogueItem } from '../api/search-items';
import type { RequestItem } from '../api/types';
import { useRequestsT } from '../utils/i18n';
import { MAX_ITEMS, MAX_QUANTITY } from '../utils/request-form';

/**
 * The items of a request with a delivery (catalogue search through itemSearch, a quantity
 * 1..9999 each, at most 50 items; docs/api.md "Commands").
 */
export function ItemsField({ items, onChange, error }: { items: RequestItem[]; onChange: (items: RequestItem[]) => void; error?: string }) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  /** The item picked (kept whole: choosing writes its label into the search, which finds other items). */
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);
  const [quantity, setQuantity] = useState<number>(1);

  const ids = useMemo(() => items.map((i) => i.itemId), [items]);
  // A failed search offers nothing.
  const found = useQuery(requestQueries.items(debounced.trim(), ids)).data ?? [];
  const options = chosen && !found.some((f) => f.itemId === chosen.itemId) ? [chosen, ...found] : found;

  const add = () => {
    const item = chosen;
    if (!item || quantity < 1 || quantity > MAX_QUANTITY || items.length >= MAX_ITEMS) return;
    onChange([...items, { itemId: item.itemId, codigo: item.codigo, descricao: item.descricao, unidade: item.unidade, quantidade: quantity }]);
    setChosen(null);
    setSearch('');
    setQuantity(1);
  };

  return (
    <Stack gap={4} data-testid="request-items">
      <Text size="sm" fw={500}>
        {tx('items.title')}
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          placeholder={tx('items.search')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options.map((f) => ({ value: f.itemId, label: `${f.codigo} · ${f.descricao}` }))}
          value={chosen?.itemId ?? null}
          onChange={(id) => setChosen(options.find((f) => f.itemId === id) ?? null)}
          filter={({ options }) => options}
          nothingFoundMessage={t('noRecords')}
          error={error}
          data-testid="request-item-search"
        />
        <NumberInput
          w={110}
          min={1}
          max={MAX_QUANTITY}
          value={quantity}
          onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v) || 0)}
          aria-label={tx('items.quantity')}
          data-testid="request-item-quantity"
        />
        <Button variant="light" leftSection={<IconPlus size={14} />} onClick={add} disabled={!chosen} data-testid="request-item-add">
          {tx('items.add')}
        </Button>
      </Group>
      {items.length > 0 && (
        <Table data-testid="request-item-list">
          <Table.Tbody>
            {items.map((it) => (
              <Table.Tr key={it.itemId} data-testid="request-item">
                <Table.Td>{it.codigo}</Table.Td>
                <Table.Td>{it.descricao}</Table.Td>
                <Table.Td ta="right">
                  {it.quantidade} {it.unidade}
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={tx('dialog.removeFile', { name: it.descricao })} onClick={() => onChange(items.filter((i) => i.itemId !== it.itemId))}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
