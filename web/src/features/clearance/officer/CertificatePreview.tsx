import { useTranslation } from 'react-i18next';
import { CERTIFICATE_TEXT, certificateValidUntil, colomboDate, type CertificateDraftInput } from '@pes/contracts';

/** Validity as the PDF will state it: six months from its date of issue, today when it is generated now. */
export const previewValidUntil = (today: string = colomboDate()) => certificateValidUntil(today);

/**
 * The certificate as the server will print it (clearance.certificate.ts): letterhead, reference, the
 * addressee, the holder's name and identity numbers, address, period and validity, remarks, and the
 * verification lines and signature. The document is in English, as the PDF is. The verification code is
 * made when the PDF is generated, so `verifyUrl` ends where the code will be.
 */
export function CertificatePreview({ draft, reference, verifyUrl }: { draft: Partial<CertificateDraftInput>; reference: string; verifyUrl: string }) {
  const { t } = useTranslation('clearance');
  const validUntil = previewValidUntil();
  return (
    <figure className="certificate-preview" aria-labelledby="certificate-preview-caption">
      <figcaption id="certificate-preview-caption" className="visually-hidden">
        {t('officer.certificate.previewLabel')}
      </figcaption>
      <div className="certificate-preview__page" lang="en" data-testid="certificate-preview">
        <div className="certificate-preview__letterhead">
          <p className="certificate-preview__force">{CERTIFICATE_TEXT.letterhead}</p>
          <p className="certificate-preview__scripts">
            <span lang="si">{CERTIFICATE_TEXT.letterheadSinhala}</span>
            <span lang="ta">{CERTIFICATE_TEXT.letterheadTamil}</span>
          </p>
        </div>
        <p className="certificate-preview__address">{CERTIFICATE_TEXT.address}</p>
        <p className="certificate-preview__title">{CERTIFICATE_TEXT.title}</p>
        <p className="certificate-preview__strong">
          {CERTIFICATE_TEXT.reference} {reference}
        </p>
        <p>
          {CERTIFICATE_TEXT.issued} {colomboDate()}
        </p>
        <div className="certificate-preview__gap">
          <p className="certificate-preview__strong">{draft.addresseeTitle}</p>
          <p>{draft.department}</p>
          <p>{draft.country}</p>
        </div>
        <p>{CERTIFICATE_TEXT.certify}</p>
        <p className="certificate-preview__name" data-testid="certificate-preview-name">
          {draft.fullName}
        </p>
        {draft.nicNumber ? (
          <p>
            {CERTIFICATE_TEXT.nic} {draft.nicNumber}
          </p>
        ) : null}
        {draft.passportNumber ? (
          <p>
            {CERTIFICATE_TEXT.passport} {draft.passportNumber}
          </p>
        ) : null}
        <p className="certificate-preview__gap">
          {CERTIFICATE_TEXT.addressLabel} {draft.address}
        </p>
        <p>{CERTIFICATE_TEXT.period(draft.periodFrom ?? '', draft.periodTo ?? '')}</p>
        <p className="certificate-preview__gap" data-testid="certificate-preview-validity">
          {CERTIFICATE_TEXT.validUntil(validUntil)}
        </p>
        <p className="certificate-preview__heading">{CERTIFICATE_TEXT.remarks}</p>
        <p className="certificate-preview__remarks" data-testid="certificate-preview-remarks">
          {draft.remarks}
        </p>
        <div className="certificate-preview__footer">
          <div>
            <div className="certificate-preview__qr" aria-hidden="true" />
            <p className="certificate-preview__small certificate-preview__strong">
              {CERTIFICATE_TEXT.verificationCode} {CERTIFICATE_TEXT.codePending}
            </p>
            <p className="certificate-preview__small">
              {CERTIFICATE_TEXT.verifyAt} {verifyUrl}
            </p>
          </div>
          <div className="certificate-preview__signature">
            <p>{CERTIFICATE_TEXT.signatory}</p>
            <p>{CERTIFICATE_TEXT.signatoryFor}</p>
          </div>
        </div>
      </div>
    </figure>
  );
}
