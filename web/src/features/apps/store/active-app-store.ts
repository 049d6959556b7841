import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { registerStoreReset } from '@/lib/store-reset';
import { APPS, type AppId } from '../utils/apps';

interface ActiveAppState {
  /** The chosen app; Human Resources until the user picks another. */
  app: AppId;
  /** The active role set of the chosen app. */
  roles: readonly string[];
  /** The chosen app's flag. */
  flag: string;
  choose: (app: AppId) => void;
  reset: () => void;
}

const hr = APPS[0];

export const useActiveAppStore = create<ActiveAppState>()(
  persist(
    (set) => ({
      app: hr.id,
      roles: hr.roles,
      flag: hr.flag,
      choose: (id) => {
        const def = APPS.find((a) => a.id === id) ?? hr;
        set({ app: def.id, roles: def.roles, flag: def.flag });
      },
      reset: () => set({ app: hr.id, roles: hr.roles, flag: hr.flag }),
    }),
    { name: 'portal-active-app', storage: createJSONStorage(() => localStorage) },
  ),
);

registerStoreReset(() => useActiveAppStore.getState().reset());
