import { afterEach, describe, expect, it } from 'vitest';
import { resetAllStores } from '@/lib/store-reset';
import { usePendingSurveyStore } from './pending-store';

afterEach(() => resetAllStores());

describe('pending survey drawer state', () => {
  it('opens by itself once a session, closes when nothing is pending and remembers finished surveys', () => {
    const store = usePendingSurveyStore.getState();
    store.follow(2);
    expect(usePendingSurveyStore.getState()).toMatchObject({ opened: true, shown: true });
    store.close();
    store.follow(2);
    expect(usePendingSurveyStore.getState().opened).toBe(false);
    store.open();
    store.follow(0);
    expect(usePendingSurveyStore.getState().opened).toBe(false);
    usePendingSurveyStore.getState().reset();
    store.follow(0);
    store.follow(1);
    expect(usePendingSurveyStore.getState()).toMatchObject({ opened: false, shown: true });
    store.finish('s-r1');
    expect(usePendingSurveyStore.getState().finished).toEqual(['s-r1']);
  });
});
