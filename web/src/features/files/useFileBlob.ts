import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const fileKeys = { all: ['files'] as const, blob: (url: string) => ['files', 'blob', url] as const };

/**
 * The bytes of a file the viewer shows, read with the session's bearer token (an <img src> or
 * pdf.js could not send it), and an object URL of them for <img> and printing; the URL is
 * revoked when the file changes or the viewer closes.
 */
export function useFileBlob(url: string | null) {
  const query = useQuery({
    queryKey: fileKeys.blob(url ?? ''),
    queryFn: ({ signal }) => api.blob(url!, { signal }),
    enabled: Boolean(url),
    // A file's bytes do not change under the same address; keep them briefly for prev/next.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const blob = query.data ?? null;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setObjectUrl(null);
      return;
    }
    const u = URL.createObjectURL(blob);
    setObjectUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return { blob, objectUrl, isPending: query.isPending && Boolean(url), error: query.error };
}
