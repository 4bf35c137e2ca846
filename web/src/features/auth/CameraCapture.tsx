import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CameraProblem = 'unsupported' | 'denied' | 'notFound' | 'busy' | 'failed';

/** Why getUserMedia failed, in terms a user can act on. */
function cameraProblem(err: unknown): CameraProblem {
  const name = (err as { name?: string } | null)?.name ?? '';
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].includes(name)) return 'denied';
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'notFound';
  if (['NotReadableError', 'TrackStartError', 'AbortError'].includes(name)) return 'busy';
  return 'failed';
}

/** Browsers offer the camera only to secure (https or localhost) pages. */
const cameraSupported = () => Boolean(navigator.mediaDevices?.getUserMedia);

/** Longest side of a captured photo: enough to recognise a face or read a card, well under 5 MB as JPEG. */
const MAX_SIDE = 1280;

/** Draws the current video frame into a JPEG. */
function grabFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

/**
 * The device camera: asks for it when started, shows the live picture, and hands back one JPEG frame
 * when the user takes the photo. The camera is switched off after the photo, on Stop, and when the
 * component goes away. A camera that is missing, refused or busy gets a plain explanation.
 */
export function CameraCapture({
  facingMode,
  onCapture,
  onStop,
  onOtherDevice,
}: {
  facingMode: 'user' | 'environment';
  onCapture: (photo: Blob) => void;
  onStop: () => void;
  /** Offered when this device's camera cannot be used (none, refused, unsupported): take the photo on another device. */
  onOtherDevice?: () => void;
}) {
  const { t } = useTranslation('auth');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  /** Bumped on every release, so a camera that opens after its request was abandoned is closed at once. */
  const generation = useRef(0);
  const [phase, setPhase] = useState<'starting' | 'live' | 'ready' | 'problem'>(() => (cameraSupported() ? 'starting' : 'problem'));
  const [problem, setProblem] = useState<CameraProblem | null>(() => (cameraSupported() ? null : 'unsupported'));
  const [capturing, setCapturing] = useState(false);

  const release = useCallback(() => {
    generation.current += 1;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  /** Opens the camera; every state change comes after the browser answers (the effect only starts it). */
  const open = useCallback(async () => {
    release();
    const mine = generation.current;
    if (!cameraSupported()) return;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: facingMode }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      if (mine !== generation.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      // The first frame may already have arrived (onLoadedData), which makes it 'ready'.
      setPhase((p) => (p === 'ready' || (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) ? 'ready' : 'live'));
    } catch (err) {
      if (mine !== generation.current) return;
      setProblem(cameraProblem(err));
      setPhase('problem');
    }
  }, [facingMode, release]);

  useEffect(() => {
    void open();
    return release;
  }, [open, release]);

  const tryAgain = () => {
    if (!cameraSupported()) return;
    setProblem(null);
    setPhase('starting');
    void open();
  };

  const capture = async () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    setCapturing(true);
    const photo = await grabFrame(video);
    setCapturing(false);
    if (!photo) {
      setProblem('failed');
      setPhase('problem');
      return;
    }
    release();
    onCapture(photo);
  };

  const stop = () => {
    release();
    onStop();
  };

  return (
    <div className="camera">
      <div className={`camera__frame${facingMode === 'user' ? ' camera__frame--mirror' : ''}`} hidden={phase === 'problem'}>
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label={t('camera.preview')}
          onLoadedData={() => setPhase((p) => (p === 'live' || p === 'starting' ? 'ready' : p))}
        />
      </div>
      <p className="camera__status" role="status" aria-live="polite">
        {phase === 'starting' ? t('camera.starting') : phase === 'ready' ? t('camera.ready') : ''}
      </p>
      {problem ? (
        <div className="alert alert--error" role="alert">
          {t(`camera.problem.${problem}`)}
        </div>
      ) : null}
      <div className="row">
        {phase === 'problem' && onOtherDevice && problem !== 'busy' && problem !== 'failed' ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              release();
              onOtherDevice();
            }}
          >
            {t('phone.use')}
          </button>
        ) : null}
        {phase === 'problem' ? (
          <button type="button" className="button button--secondary" onClick={tryAgain}>
            {t('camera.tryAgain')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => void capture()} disabled={phase !== 'ready' || capturing}>
            {t('camera.capture')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={stop}>
          {t('camera.stop')}
        </button>
      </div>
    </div>
  );
}
