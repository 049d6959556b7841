import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch } from '@/test/render';
import type { PendingSurvey } from '../api/types';
import { usePendingSurveyStore } from './pending-store';

const PENDING = 'GET /api/avaliacao360/lista-pendentes-login';

function pending(id: string): PendingSurvey {
  return {
    id, oa8_ukey: `s-${id}`, tipo: 'clima', descricao: id, detalhes: '', avaliado: '',
    inicio: '2026-11-01T00:00:00Z', fim: '2026-11-30T00:00:00Z', activeStep: 0, perguntas: [],
  };
}

afterEach(() => {
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('pending survey store', () => {
  it('a finished survey stays gone when the list is read before its read model caught up', async () => {
    // The server still lists r1 (its projection lags the confirmed finish).
    mockFetch({ [PENDING]: () => json([pending('r1'), pending('r2')]) });
    const store = usePendingSurveyStore.getState();
    await store.load();
    expect(usePendingSurveyStore.getState().opened).toBe(true);
    await store.finish('s-r1');
    expect(usePendingSurveyStore.getState().surveys.map((s) => s.id)).toEqual(['r2']);
    await store.finish('s-r2');
    expect(usePendingSurveyStore.getState().surveys).toEqual([]);
    expect(usePendingSurveyStore.getState().opened).toBe(false);
  });
});
