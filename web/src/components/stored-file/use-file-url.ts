import { useEffect, useState } from 'react';
import { fetchFile } from '../../lib/api/client';

export type FileUrlState =
  { status: 'loading'; url: string } | { status: 'ready'; url: string; objectUrl: string; type: string } | { status: 'error'; url: string };

/**
 * A stored file (`/uploads/...`) as an object URL the page may show: the portal's pages allow no
 * <object> and files refuse to be framed, so a PDF viewer or an image shows the fetched copy. The
 * object URL is released when the file changes or the component goes.
 */
export function useFileUrl(url: string): FileUrlState {
  const [state, setState] = useState<FileUrlState>({ status: 'loading', url });
  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | undefined;
    fetchFile(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url, objectUrl, type: blob.type });
      },
      () => {
        if (!cancelled) setState({ status: 'error', url });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  // A state left from the previous file is never shown for the new one.
  return state.url === url ? state : { status: 'loading', url };
}

/** What a stored file is, for choosing its viewer. */
export function fileKind(type: string): 'image' | 'pdf' | 'other' {
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return 'other';
}
