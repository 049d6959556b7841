import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Grid, Group, NumberInput, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { mapErrorsToFields } from '@/lib/api';
import { translateFieldError } from '@/lib/server-message';
import { fenceKeys, fenceQueries } from '../api/queries';
import { removeFence } from '../api/remove-fence';
import { saveFence } from '../api/save-fence';
import type { FenceItem } from '../api/types';
import { AssignDialog } from '../components/AssignDialog';
import { FenceMap, type MapFence } from '../components/FenceMap';
import { MAX_RADIUS, MIN_RADIUS, toShape, type ShapeDraft, type ShapeField } from '../utils/shape';

const FIELDS: readonly ShapeField[] = ['name', 'lat', 'lon', 'radius'];
const EMPTY: ShapeDraft = { name: '', lat: '', lon: '', radius: 200 };

/**
 * /apps/admin-rh/cerca (rh_005_03): HR's fence editor. The list of the tenant's fences beside
 * a map of their rings; a form creates or edits one (a click on the map picks the centre),
 * and a dialog assigns it to employees and departments. Every change is an event on the
 * server (docs/api.md "Fences").
 */
export function FenceAdminPage() {
  const { t } = useTranslation('fence');
  const qc = useQueryClient();
  const { data, error } = useQuery(fenceQueries.list());
  const fences = data?.fences ?? [];
  const [editing, setEditing] = useState<string | null | undefined>(undefined); // undefined: no form; null: new
  const [draft, setDraft] = useState<ShapeDraft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ShapeField, string>>>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [assigning, setAssigning] = useState<FenceItem | null>(null);
  const [notice, setNotice] = useState('');

  const open = (f: FenceItem | null) => {
    setEditing(f ? f.id : null);
    setDraft(f ? { name: f.name, lat: f.lat, lon: f.lon, radius: f.radius } : EMPTY);
    setFieldErrors({});
    setKey(crypto.randomUUID());
    setNotice('');
  };
  const save = useMutation({
    mutationFn: () => {
      const { shape, errors } = toShape(draft);
      if (!shape) return Promise.reject(Object.assign(new Error('local'), { local: errors }));
      return saveFence(editing ?? null, shape, key);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: fenceKeys.all });
      setEditing(undefined);
      setNotice(t('admin.saved'));
    },
    onError: (err: Error & { local?: Partial<Record<ShapeField, string>> }) => {
      setFieldErrors(err.local ?? mapErrorsToFields(err, { fields: FIELDS, fallback: 'name' }));
      setKey(crypto.randomUUID()); // a corrected form is a new command
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeFence(id, crypto.randomUUID()),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: fenceKeys.all });
      setEditing(undefined);
      setNotice(t('admin.removed'));
    },
  });

  const num = (v: number | string) => (typeof v === 'number' ? v : Number.NaN);
  const draftShown = editing !== undefined && !Number.isNaN(num(draft.lat)) && !Number.isNaN(num(draft.lon));
  const mapFences: MapFence[] = fences
    .filter((f) => f.id !== editing)
    .map((f) => ({ key: f.id, name: f.name, lat: f.lat, lon: f.lon, radius: f.radius }));
  if (draftShown) {
    mapFences.push({
      key: 'draft',
      name: draft.name || t('admin.newFence'),
      lat: num(draft.lat),
      lon: num(draft.lon),
      radius: Math.min(Math.max(num(draft.radius) || 0, 1), MAX_RADIUS),
      selected: true,
    });
  }
  const err = (f: ShapeField) => translateFieldError(fieldErrors[f]);

  return (
    <Stack gap="md" data-testid="fence-admin-page">
      <Group justify="space-between">
        <div>
          <Title order={2}>{t('admin.title')}</Title>
          <Text c="dimmed">{t('admin.subtitle')}</Text>
        </div>
        <Button onClick={() => open(null)} data-testid="fence-new">
          {t('admin.new')}
        </Button>
      </Group>
      {error && <ServerError error={error} />}
      {notice && (
        <Text c="teal" data-testid="fence-notice">
          {notice}
        </Text>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" data-testid="fence-list">
            {fences.length === 0 && <Text c="dimmed">{t('admin.empty')}</Text>}
            {fences.map((f) => (
              <Card key={f.id} withBorder padding="sm" data-testid="fence-item" data-name={f.name}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600}>{f.name}</Text>
                    <Text size="sm" c="dimmed">
                      {t('admin.radius', { radius: f.radius })} · {t('admin.reach', { count: f.reach })}
                    </Text>
                    <Group gap={4} mt={4}>
                      {f.departments.map((d) => (
                        <Badge key={d.id} variant="light" color="grape">
                          {d.name}
                        </Badge>
                      ))}
                      {f.employees.slice(0, 3).map((e) => (
                        <Badge key={e.id} variant="light">
                          {e.name}
                        </Badge>
                      ))}
                      {f.employees.length > 3 && <Badge variant="outline">+{f.employees.length - 3}</Badge>}
                    </Group>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('admin.edit')}>
                      <ActionIcon variant="light" onClick={() => open(f)} aria-label={t('admin.edit')} data-testid="fence-edit">
                        ✎
                      </ActionIcon>
                    </Tooltip>
                    <Button size="xs" variant="light" onClick={() => setAssigning(f)} data-testid="fence-assign">
                      {t('admin.assign')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <FenceMap
              fences={mapFences}
              tileUrl={data?.tileUrl ?? ''}
              onPick={editing !== undefined ? (lat, lon) => setDraft((d) => ({ ...d, lat, lon })) : undefined}
            />
            {editing !== undefined && (
              <Card withBorder data-testid="fence-form">
                <Stack gap="xs">
                  <Text fw={600}>{editing ? t('admin.editTitle') : t('admin.newTitle')}</Text>
                  <Text size="xs" c="dimmed">
                    {t('admin.mapHint')}
                  </Text>
                  <TextInput
                    label={t('form.name')}
                    value={draft.name}
                    onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
                    error={err('name')}
                    data-testid="fence-name"
                  />
                  <Group grow>
                    <NumberInput
                      label={t('form.lat')}
                      value={draft.lat}
                      onChange={(v) => setDraft({ ...draft, lat: v })}
                      decimalScale={6}
                      error={err('lat')}
                      data-testid="fence-lat"
                    />
                    <NumberInput
                      label={t('form.lon')}
                      value={draft.lon}
                      onChange={(v) => setDraft({ ...draft, lon: v })}
                      decimalScale={6}
                      error={err('lon')}
                      data-testid="fence-lon"
                    />
                    <NumberInput
                      label={t('form.radius')}
                      description={t('form.radiusHint', { min: MIN_RADIUS, max: MAX_RADIUS })}
                      value={draft.radius}
                      onChange={(v) => setDraft({ ...draft, radius: v })}
                      allowDecimal={false}
                      error={err('radius')}
                      data-testid="fence-radius"
                    />
                  </Group>
                  {remove.error && <ServerError error={remove.error} />}
                  <Group justify="space-between">
                    {editing ? (
                      <Button color="red" variant="light" onClick={() => remove.mutate(editing)} loading={remove.isPending} data-testid="fence-remove">
                        {t('form.remove')}
                      </Button>
                    ) : (
                      <span />
                    )}
                    <Group gap="xs">
                      <Button variant="default" onClick={() => setEditing(undefined)}>
                        {t('form.cancel')}
                      </Button>
                      <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="fence-save">
                        {t('form.save')}
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {assigning && <AssignDialog fence={assigning} onClose={() => setAssigning(null)} />}
    </Stack>
  );
}
