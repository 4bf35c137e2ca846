// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { certificateValidUntil, colomboDate } from '@pes/contracts';
import { CertificatePreview, previewValidUntil } from './CertificatePreview';
import { officerWrapper } from './test-i18n';

afterEach(cleanup);

const DRAFT = {
  addresseeTitle: 'THE VISA OFFICER',
  department: 'Department of Home Affairs',
  country: 'Sri Lanka',
  fullName: 'සුනිල් ප්‍රනාන්දු',
  nicNumber: '198518400123',
  passportNumber: '',
  address: '45 Kandy Road, Kadawatha',
  periodFrom: '2019-03-01',
  periodTo: '2026-08-31',
  remarks: 'No convictions recorded.',
};

describe('previewValidUntil', () => {
  it('is six months from the date of issue (today), clamped to the month end, whatever the period', () => {
    expect(previewValidUntil('2026-08-31')).toBe('2027-02-28');
    expect(previewValidUntil('2026-01-15')).toBe('2026-07-15');
    expect(previewValidUntil()).toBe(certificateValidUntil(colomboDate()));
  });
});

describe('CertificatePreview', () => {
  it('shows the draft as the PDF prints it: reference, name, identity numbers given, period, validity, remarks', () => {
    render(<CertificatePreview draft={DRAFT} reference="PCC-2026-000007" verifyUrl="https://police.example/verify/…" />, {
      wrapper: officerWrapper(),
    });
    const page = screen.getByTestId('certificate-preview');
    expect(page.textContent).toContain('Reference number: PCC-2026-000007');
    expect(screen.getByTestId('certificate-preview-name').textContent).toBe('සුනිල් ප්‍රනාන්දු');
    expect(page.textContent).toContain('National Identity Card number: 198518400123');
    expect(page.textContent).not.toContain('Passport number:');
    expect(page.textContent).toContain('Period: 2019-03-01 to 2026-08-31');
    expect(screen.getByTestId('certificate-preview-validity').textContent).toBe(
      `Valid until: ${certificateValidUntil(colomboDate())} (six months from the date of issue)`,
    );
    expect(screen.getByTestId('certificate-preview-remarks').textContent).toBe('No convictions recorded.');
    // The code is made with the PDF: the preview says where it will be, and never verifies by the reference.
    expect(page.textContent).toContain('Verification code: (given when the PDF is generated)');
    expect(page.textContent).toContain('Verify at https://police.example/verify/…');
    expect(page.textContent).not.toContain('/verify/PCC-');
    expect(screen.getByRole('figure', { name: 'Certificate preview' })).toBeTruthy();
  });
});
