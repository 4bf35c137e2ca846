import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { PageTitle } from '../../components/PageTitle';
import { useErrorMessage } from '../../components/errors';
import { ApiError } from '../../lib/api/client';
import { CameraCapture } from './CameraCapture';
import { PhotoPreview } from './PhotoField';
import { signupPhotoApi } from './signup-photo-api';
import './auth.css';

/** A refusal no new attempt here can change (no such link, used, expired): only a new link from the signup page can. */
const isFinal = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 410);

/**
 * The phone's page of a signup's live photo (the QR code's link): it says what it is for, takes the photo with the
 * phone's camera and sends it to that signup, once. It asks nothing else: no name, no sign-in.
 */
export function SignupPhotoPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const link = useQuery({
    queryKey: ['signup-photo-link', token],
    queryFn: () => signupPhotoApi.link(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const send = useMutation({
    mutationFn: (taken: Blob) => {
      const form = new FormData();
      form.append('live_photo', new File([taken], 'live-photo.jpg', { type: taken.type || 'image/jpeg' }));
      return signupPhotoApi.send(token, form);
    },
  });

  let body: ReactNode;
  if (link.isPending) body = <p role="status">{t('phonePage.checking')}</p>;
  else if (link.isError) body = <Alert kind="error">{errorMessage(link.error)}</Alert>;
  else if (send.isSuccess) body = <Alert kind="success">{t('phonePage.sent')}</Alert>;
  else if (send.isError && isFinal(send.error)) body = <Alert kind="error">{errorMessage(send.error)}</Alert>;
  else {
    body = (
      <>
        <p className="field__hint">{t('phonePage.hint')}</p>
        {send.isError ? <Alert kind="error">{errorMessage(send.error, 'auth:phonePage.failed')}</Alert> : null}
        {photo ? (
          <div className="photo-field__preview">
            <PhotoPreview photo={photo} alt={t('phonePage.previewAlt')} />
            <div className="row">
              <button type="button" className="button button--primary" disabled={send.isPending} onClick={() => send.mutate(photo)}>
                {send.isPending ? t('phonePage.sending') : t('phonePage.send')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={send.isPending}
                onClick={() => {
                  send.reset();
                  setPhoto(null);
                  setCameraOn(true);
                }}
              >
                {t('photo.retake')}
              </button>
            </div>
          </div>
        ) : cameraOn ? (
          <CameraCapture
            facingMode="user"
            onCapture={(taken) => {
              setCameraOn(false);
              setPhoto(taken);
            }}
            onStop={() => setCameraOn(false)}
          />
        ) : (
          <div className="row">
            <button type="button" className="button button--primary" onClick={() => setCameraOn(true)}>
              {t('phonePage.start')}
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="page page--narrow auth-page">
      <PageTitle subtitle={t('phonePage.lead')}>{t('phonePage.title')}</PageTitle>
      <div className="card auth-form">{body}</div>
    </section>
  );
}
