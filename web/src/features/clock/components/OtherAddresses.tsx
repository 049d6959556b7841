import { useState } from 'react';
import { ActionIcon, Button, Collapse, Group, Modal, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '../api/types';
import { toCoordinate } from '../utils/geo';
import { canSearchAddress, hasCoordinates, type ClockPlace } from '../utils/register-rules';

interface OtherAddressesProps {
  addresses: readonly SavedAddress[];
  selected: ClockPlace | null;
  captured: ClockPlace | null;
  onSelect: (place: ClockPlace) => void;
  /** Removes on the server; resolves or throws the server error. */
  onRemove: (address: SavedAddress) => Promise<void>;
}

export function savedToPlace(a: SavedAddress): ClockPlace {
  return {
    endereco: a.endereco,
    latitude: toCoordinate(a.latitude),
    longitude: toCoordinate(a.longitude),
    source: 'address',
    ukey: a.ukey,
  };
}

/**
 * The 'other addresses' section: saved addresses to pick or delete, and an
 * address search. No geocoder is reachable here, so the search lets the user
 * type a label that takes the captured coordinates.
 */
export function OtherAddresses({ addresses, selected, captured, onSelect, onRemove }: OtherAddressesProps) {
  const { t } = useTranslation('clock');
  const { t: tc } = useTranslation('common');
  const [confirming, setConfirming] = useState<SavedAddress | null>(null);
  const [removing, setRemoving] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const searchAllowed = canSearchAddress(addresses.length);

  const confirmRemove = async () => {
    if (!confirming) return;
    setRemoving(true);
    try {
      await onRemove(confirming);
    } finally {
      setRemoving(false);
      setConfirming(null);
    }
  };

  const applyTyped = () => {
    const label = typed.trim();
    if (!label || !hasCoordinates(captured)) return;
    onSelect({ endereco: label, latitude: captured.latitude, longitude: captured.longitude, source: 'typed' });
    setTyped('');
    setSearchOpen(false);
  };

  return (
    <Stack gap="xs" data-testid="clock-other-addresses">
      <Group justify="space-between">
        <Title order={5}>{t('otherAddresses')}</Title>
        <Tooltip label={t('searchLimit')} disabled={searchAllowed}>
          <span>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSearch size={14} />}
              disabled={!searchAllowed}
              onClick={() => setSearchOpen((o) => !o)}
              data-testid="clock-search"
            >
              {t('searchAddress')}
            </Button>
          </span>
        </Tooltip>
      </Group>

      <Collapse in={searchOpen && searchAllowed}>
        <Stack gap={6}>
          <TextInput
            label={t('searchLabel')}
            description={hasCoordinates(captured) ? t('searchHint') : t('searchNeedsLocation')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyTyped();
            }}
            data-testid="clock-search-input"
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={applyTyped} disabled={!typed.trim() || !hasCoordinates(captured)}>
              {t('searchApply')}
            </Button>
          </Group>
        </Stack>
      </Collapse>

      {addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noSavedAddresses')}
        </Text>
      ) : (
        <Stack gap={4} data-testid="clock-saved-addresses">
          {addresses.map((a) => {
            const isSelected = selected?.ukey ? selected.ukey === a.ukey : selected?.endereco === a.endereco;
            return (
              <Group key={a.ukey} justify="space-between" wrap="nowrap" gap="xs" data-testid="clock-saved-address">
                <Text size="sm" fw={isSelected ? 700 : 400} style={{ flex: 1 }}>
                  {a.endereco}
                </Text>
                <Tooltip label={isSelected ? t('selected') : t('useAddress')}>
                  <ActionIcon
                    variant={isSelected ? 'filled' : 'light'}
                    aria-label={t('useAddress')}
                    onClick={() => onSelect(savedToPlace(a))}
                  >
                    <IconCheck size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('removeAddress')}>
                  <ActionIcon variant="light" color="red" aria-label={t('removeAddress')} onClick={() => setConfirming(a)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('removeConfirmTitle')} centered>
        <Text size="sm">{t('removeConfirm', { address: confirming?.endereco ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {tc('cancel')}
          </Button>
          <Button color="red" loading={removing} onClick={() => void confirmRemove()} data-testid="clock-remove-confirm">
            {t('remove')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
