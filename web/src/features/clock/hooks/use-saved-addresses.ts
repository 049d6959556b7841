import { useCallback, useEffect, useState } from 'react';
import { getSavedAddresses } from '../api/get-saved-addresses';
import { deleteSavedAddress } from '../api/delete-saved-address';
import type { SavedAddress } from '../api/types';

/** The user's saved addresses while `active`, with a remove action. */
export function useSavedAddresses(active: boolean) {
  const [addresses, setAddresses] = useState<SavedAddress[]>([]);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    try {
      const list = await getSavedAddresses(signal);
      if (!signal?.aborted) setAddresses(list);
    } catch {
      // The section simply stays empty; the panel is still usable.
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [active, refresh]);

  /** Deletes on the server, then re-reads the list; rethrows the server error. */
  const remove = useCallback(
    async (ukey: string) => {
      await deleteSavedAddress(ukey);
      setAddresses((list) => list.filter((a) => a.ukey !== ukey));
      void refresh();
    },
    [refresh],
  );

  return { addresses, loading, refresh, remove };
}
