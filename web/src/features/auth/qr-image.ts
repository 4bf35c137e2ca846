import { useEffect, useState } from 'react';

/** The QR code of an address as a data URL, drawn in the browser (the qrcode package loads with the page that needs it only). */
export function useQrImage(url: string | undefined) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    if (!url) return;
    let current = true;
    void import('qrcode').then(({ toDataURL }) => toDataURL(url, { margin: 2, width: 220 }).then((data) => current && setImage(data)));
    return () => {
      current = false;
    };
  }, [url]);
  return url ? image : undefined;
}
