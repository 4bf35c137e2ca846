import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SIGNUP_PHOTO_POLL_MS } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { useErrorMessage } from '../../components/errors';
import { ApiError } from '../../lib/api/client';
import { useQrImage } from './qr-image';
import { signupPhotoApi } from './signup-photo-api';

/** Lets a handoff go (its photo deleted now); a failure changes nothing for the citizen, and the sweep deletes it later. */
export const discardHandoff = (handoff: string) => void signupPhotoApi.discard(handoff).catch(() => undefined);

/**
 * The live photo taken on the citizen's phone, for a computer without a camera: a link made for this signup only (a QR
 * code and the address to type), then the page asks every two seconds whether the photo has arrived and, when it has,
 * hands it over with its handoff key, which the signup sends instead of the file. State is the server's (the database
 * and the file storage): the phone's request may reach another instance than this page's.
 */
export function PhoneHandoff({ onPhoto, onCancel }: { onPhoto: (photo: Blob, handoff: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const [attempt, setAttempt] = useState(0);
  // One link per attempt: a query (not an effect) is asked once even when React mounts the component twice.
  const made = useQuery({
    queryKey: ['signup-photo-handoff', attempt],
    queryFn: () => signupPhotoApi.create(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const key = made.data?.handoff;
  const status = useQuery({
    queryKey: ['signup-photo-status', key],
    queryFn: ({ signal }) => signupPhotoApi.status(key!, signal),
    enabled: Boolean(key),
    gcTime: 0,
    // A refusal (expired, used) is final; a dropped connection is asked again.
    retry: (failures, err) => !(err instanceof ApiError && err.status < 500) && failures < 3,
    refetchInterval: (query) => (query.state.data?.status === 'received' || query.state.error ? false : SIGNUP_PHOTO_POLL_MS),
    refetchIntervalInBackground: true,
  });
  const qr = useQrImage(made.data?.link);
  const [photoFailed, setPhotoFailed] = useState(false);
  const handOver = useRef(onPhoto);
  useEffect(() => {
    handOver.current = onPhoto;
  });
  const received = status.data?.status === 'received' && key;

  useEffect(() => {
    if (!received) return;
    let current = true;
    signupPhotoApi.photo(received).then(
      (photo) => current && handOver.current(photo, received),
      () => current && setPhotoFailed(true),
    );
    return () => {
      current = false;
    };
  }, [received]);

  const newLink = () => {
    if (key) discardHandoff(key);
    setPhotoFailed(false);
    setAttempt((n) => n + 1);
  };
  const cancel = () => {
    if (key) discardHandoff(key);
    onCancel();
  };
  const refused = status.error ?? (photoFailed ? 'photo' : null);

  return (
    <div className="phone-handoff">
      <p className="phone-handoff__heading">{t('phone.heading')}</p>
      {made.isPending ? (
        <p role="status">{t('phone.making')}</p>
      ) : made.isError ? (
        <Alert kind="error">{errorMessage(made.error, 'auth:phone.failed')}</Alert>
      ) : refused ? (
        <Alert kind="error">{refused === 'photo' ? t('phone.photoFailed') : errorMessage(refused, 'auth:phone.expired')}</Alert>
      ) : (
        <>
          <p>{t('phone.scan')}</p>
          {qr ? <img className="phone-handoff__qr" src={qr} alt={t('phone.qrAlt')} width={220} height={220} /> : <div className="phone-handoff__qr" />}
          <p className="phone-handoff__link">
            <code data-testid="signup-photo-link">{made.data.link}</code>
          </p>
          <p className="field__hint">{t('phone.rules')}</p>
          <p className="camera__status" role="status" aria-live="polite">
            {status.data?.status === 'waiting' ? t('phone.waiting') : ''}
          </p>
        </>
      )}
      <div className="row">
        {made.isError || refused ? (
          <button type="button" className="button button--secondary" onClick={newLink}>
            {t('phone.newLink')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={cancel}>
          {t('phone.cancel')}
        </button>
      </div>
    </div>
  );
}
