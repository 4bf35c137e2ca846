import { useEffect, useState } from 'react';

/**
 * Whether this device has a camera the page could use: false when the browser offers no camera API (an insecure page)
 * or lists no video input; undefined until it has answered (and when it cannot say). Browsers list a camera's kind
 * before any permission is given (not its name), so nothing is asked of the user here.
 */
export function useCameraPresence() {
  const [present, setPresent] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia || !media.enumerateDevices) {
      queueMicrotask(() => current && setPresent(false));
    } else {
      media.enumerateDevices().then(
        (devices) => current && setPresent(devices.some((d) => d.kind === 'videoinput')),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, []);
  return present;
}
