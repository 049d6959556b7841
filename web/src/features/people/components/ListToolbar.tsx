import { useEffect, useState } from 'react';
import { ActionIcon, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { ORDER_FIELDS, type OrderField } from '../api/types';
import type { PeopleListState } from '../hooks/use-people-list';
import { usePeopleT } from '../utils/i18n';

interface Props {
  /** The listing whose choices the toolbar shows and changes. */
  list: Pick<PeopleListState, 'params' | 'setSearch' | 'setOrder' | 'toggleOrder'>;
  /** Sort fields offered (default: all). */
  fields?: readonly OrderField[];
  autoFocus?: boolean;
}

/** Search text (sent 300 ms after the last key), sort field and the ascending/descending toggle. */
export function ListToolbar({ list, fields = ORDER_FIELDS, autoFocus }: Props) {
  const { t, tr } = usePeopleT();
  const { orderBy, orderDescending } = list.params;
  const { setSearch: onSearch, setOrder: onOrder, toggleOrder: onToggle } = list;
  const [text, setText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  return (
    <Group gap="xs" wrap="wrap">
      <TextInput
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        leftSection={<IconSearch size={16} />}
        maxLength={255}
        style={{ flex: 1, minWidth: 220 }}
        data-autofocus={autoFocus || undefined}
        data-testid="people-search"
      />
      <Select
        value={orderBy}
        onChange={(v) => v && onOrder(v as OrderField)}
        data={fields.map((f) => ({ value: f, label: tr(`order.${f}`) }))}
        aria-label={t('list.orderBy')}
        allowDeselect={false}
        w={170}
        data-testid="people-order"
      />
      <Tooltip label={t(orderDescending ? 'list.descending' : 'list.ascending')}>
        <ActionIcon variant="default" size="lg" onClick={onToggle} aria-label={t(orderDescending ? 'list.descending' : 'list.ascending')} data-testid="people-direction">
          {orderDescending ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
