import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addMonths, colomboDate, normaliseNic, normaliseVerificationCode } from '@pes/contracts';
import { DB_KINDS, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/harness';
import { bearer, createOfficer, imageFile, login, pdfFile, uniqueNic, uniqueOldNic } from '../../../test/helpers';
import {
  CARD,
  DECLINED,
  adminBranchOfficer,
  applicant,
  appliedAndPaid,
  applicationsOf,
  clearancePaymentsOf,
  fileRow,
  pdfContent,
  send,
  sessionIdOf,
  uploadDocument,
  uploadedPath,
  validApplication,
  verify,
} from './clearance.fixtures';

describe.each(DB_KINDS)('clearance certificates on %s', (kind) => {
  let t: TestApp;
  let officer: Awaited<ReturnType<typeof adminBranchOfficer>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { PUBLIC_URL: 'https://eservices.police.lk' } });
    officer = await adminBranchOfficer(t);
  });
  afterAll(() => t?.close());

  it('runs the whole flow: upload, apply, pay, verify, officer processing, certificate, download and public verification', async () => {
    const citizen = await applicant(t);

    // Saved draft ("save and return"), removed once the fee is paid.
    const draft = { step: 4, data: { full_name_nic: 'Amaya Wijesinghe', residence_history: [] } };
    expect((await send(t, 'PUT', '/api/clearance/draft', citizen.token, draft)).statusCode).toBe(200);
    expect((await send(t, 'GET', '/api/clearance/draft', citizen.token)).json().draft).toMatchObject(draft);

    expect((await send(t, 'GET', `/api/clearance/status/${citizen.identityNumber}`, citizen.token)).json()).toEqual({ exists: false });

    const apply = await send(t, 'POST', '/api/clearance/apply', citizen.token, {
      ...validApplication(citizen.identityNumber, citizen.uploads),
      amount: '1.00',
    });
    expect(apply.statusCode).toBe(200);
    const { url, sessionId } = apply.json();
    expect(sessionIdOf(url)).toBe(sessionId);
    expect((await send(t, 'GET', `/api/payments/sandbox/sessions/${sessionId}`)).json()).toMatchObject({ amount: '5000.00', currency: 'LKR', status: 'open' });

    // Not paid yet: awaiting payment, unseen by officers and by the citizen's tracking.
    const early = await send(t, 'GET', `/api/clearance/payment-status/${sessionId}`, citizen.token);
    expect(early.json()).toMatchObject({
      success: false,
      checkoutSession: { id: sessionId, payment_status: 'unpaid' },
      clearanceCertificate: { reference_number: null },
    });
    expect((await send(t, 'GET', `/api/clearance/status/${citizen.identityNumber}`, citizen.token)).json()).toEqual({ exists: false });
    const [stored] = await applicationsOf(t, citizen.id);
    expect(stored!.status).toBe('awaiting_payment');
    expect((await send(t, 'GET', `/api/clearance/applications/${stored!.id}`, officer.token)).statusCode).toBe(404);

    const paid = await send(t, 'POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD);
    expect(paid.json().redirect_url).toBe(`/clearance/success?clearance_id=${stored!.id}&session_id=${sessionId}`);

    const verified = await send(t, 'GET', `/api/clearance/payment-status/${sessionId}`, citizen.token);
    expect(verified.statusCode).toBe(200);
    const receipt = verified.json();
    expect(receipt).toMatchObject({ success: true, checkoutSession: { id: sessionId, payment_status: 'paid' }, clearanceCertificate: { amount: '5000.00' } });
    const reference = receipt.clearanceCertificate.reference_number as string;
    expect(reference).toMatch(new RegExp(`^PCC-${colomboDate().slice(0, 4)}-\\d{6}$`));
    expect((await send(t, 'GET', `/api/clearance/payment-status/${sessionId}`, citizen.token)).json()).toEqual(receipt);
    expect((await send(t, 'GET', '/api/clearance/draft', citizen.token)).json().draft).toBeNull();

    // The citizen tracks it: pending, no certificate yet.
    expect((await send(t, 'GET', `/api/clearance/status/${citizen.identityNumber}`, citizen.token)).json()).toEqual({ exists: true });
    const tracked = (await send(t, 'GET', `/api/clearance/track/${citizen.identityNumber.toLowerCase()}`, citizen.token)).json();
    expect(tracked).toMatchObject({
      reference_number: reference,
      status: 'pending',
      full_name: 'Amaya Wijesinghe',
      idNumber: citizen.identityNumber,
      certificate_url: null,
    });

    // The officer finds it: newest paid first, by NIC prefix and by reference.
    const list = (await send(t, 'GET', '/api/clearance/applications', officer.token)).json();
    expect(list.applications[0]).toMatchObject({ id: stored!.id, reference_number: reference, application_status: 'pending', has_certificate: false });
    const byNic = (await send(t, 'GET', `/api/clearance/applications?search=${citizen.identityNumber.slice(0, 8)}`, officer.token)).json();
    expect(byNic.applications.map((a: { id: number }) => a.id)).toContain(stored!.id);
    const byRef = (await send(t, 'GET', `/api/clearance/applications?search=${reference.toLowerCase()}`, officer.token)).json();
    expect(byRef.applications.map((a: { id: number }) => a.id)).toEqual([stored!.id]);
    expect((await send(t, 'GET', '/api/clearance/applications?status=completed&search=' + reference, officer.token)).json().applications).toEqual([]);

    const detail = (await send(t, 'GET', `/api/clearance/applications/${stored!.id}`, officer.token)).json();
    expect(detail).toMatchObject({
      reference_number: reference,
      application_status: 'pending',
      nic_number: citizen.identityNumber,
      passport_number: 'N1234567',
      email: 'amaya@example.lk',
      // The same names the application was given with (spouse.full_name in and out).
      spouse: { full_name: 'Nuwan Perera', nic_number: '198811112222', passport_number: null },
      slbfe_referred: false,
      residence_history: [{ policeArea: 'Kandy' }],
      amount: '5000.00',
    });
    expect(Object.keys(detail.uploads).sort()).toEqual(['nicBack', 'nicFront']);
    // Which account applied, beside what the application says.
    expect(detail.account).toEqual({
      username: citizen.username,
      identity_type: 'NIC',
      identity_number: citizen.identityNumber,
      full_name: 'Nadeesha Jayawardena',
    });
    expect(detail).toMatchObject({ full_name_nic: 'Amaya Wijesinghe', certificate: null, certificate_url: null });
    expect(detail).not.toHaveProperty('confirm_email');
    // The officer may open the documents; another branch's officer may not.
    expect((await send(t, 'GET', detail.uploads.nicBack, officer.token)).statusCode).toBe(200);
    const traffic = await createOfficer(t, 'Traffic Branch');
    expect((await send(t, 'GET', detail.uploads.nicBack, traffic.token)).statusCode).toBe(404);

    // No certificate before completed.
    const draftRes = await send(t, 'GET', `/api/clearance/applications/${stored!.id}/certificate-draft`, officer.token);
    const certificateDraft = draftRes.json();
    expect(certificateDraft).toMatchObject({
      addresseeTitle: 'THE VISA OFFICER',
      department: 'Department of Home Affairs',
      // The country the certificate is for, and the residence the applicant gave (its earliest day) up to today.
      country: 'Australia',
      // The account's name, not the one typed in the application.
      fullName: 'Nadeesha Jayawardena',
      nicNumber: citizen.identityNumber,
      periodFrom: '2010-01-01',
      periodTo: colomboDate(),
    });
    const tooEarly = await send(t, 'POST', `/api/clearance/applications/${stored!.id}/certificate/generate`, officer.token, certificateDraft);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.code).toBe('clearance.not_completed');

    for (const status of ['in_progress', 'completed']) {
      const res = await send(t, 'PUT', `/api/clearance/applications/${stored!.id}/status`, officer.token, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().application_status).toBe(status);
    }

    const edited = { ...certificateDraft, fullName: 'අමායා විජේසිංහ (Amaya Wijesinghe)', remarks: 'No adverse police record was found for the stated period.' };
    const generated = await send(t, 'POST', `/api/clearance/applications/${stored!.id}/certificate/generate`, officer.token, edited);
    expect(generated.statusCode).toBe(201);
    const certificateUrl = generated.json().certificate_url as string;
    expect(certificateUrl).toMatch(/^\/uploads\//);
    const issued = (await send(t, 'GET', `/api/clearance/applications/${stored!.id}`, officer.token)).json().certificate;
    const code = issued.verification_code as string;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(issued).toMatchObject({ verification_url: `https://eservices.police.lk/verify/${code}`, generated: true, withdrawn_at: null });

    // The citizen sees and downloads it; the PDF says what the draft said.
    const after = (await send(t, 'GET', `/api/clearance/track/${citizen.identityNumber}`, citizen.token)).json();
    expect(after).toMatchObject({ status: 'completed', certificate_url: certificateUrl, certificateUrl, certificate: issued });
    const download = await send(t, 'GET', certificateUrl, citizen.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    const pdf = await pdfContent(download.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(reference);
    expect(pdf.text).toContain('Amaya Wijesinghe');
    expect(pdf.text).toContain('No adverse police record was found for the stated period.');
    // The QR code and the text carry the verification code, never the sequential reference.
    expect(pdf.text).toContain(`https://eservices.police.lk/verify/${code}`);
    expect(pdf.text).toContain(`Verification code: ${code.match(/.{4}/g)!.join('-')}`);
    expect(pdf.text).not.toContain(`/verify/${reference}`);
    expect(pdf.text).toContain(`Valid until: ${addMonths(colomboDate(), 6)}`);
    expect(pdf.fonts).toEqual(expect.arrayContaining(['NotoSansSinhala-Bold', 'NotoSans-Regular']));
    // The Sinhala name is drawn with Sinhala glyphs (pdf.js reads them back through the font's ToUnicode map).
    expect(pdf.text).toMatch(/[\u0D80-\u0DFF]{2,}/);
    expect((await send(t, 'GET', certificateUrl)).statusCode).toBe(401);
    const other = await applicant(t);
    expect((await send(t, 'GET', certificateUrl, other.token)).statusCode).toBe(404);

    // Public verification by the code (typed in any case, with the printed dashes): the name only.
    const check = await send(t, 'GET', `/api/clearance/verify/${code.toLowerCase().match(/.{4}/g)!.join('-')}`);
    expect(check.json()).toEqual({
      result: 'valid',
      reference_number: reference,
      full_name: edited.fullName,
      valid_until: addMonths(colomboDate(), 6),
      issued_at: expect.any(String),
      withdrawn_at: null,
    });
    // The reference names nobody: it is not even looked up.
    const nothing = { reference_number: null, full_name: null, valid_until: null, issued_at: null, withdrawn_at: null };
    expect((await send(t, 'GET', `/api/clearance/verify/${reference}`)).json()).toEqual({ result: 'needs_code', ...nothing });
    expect((await send(t, 'GET', `/api/clearance/verify/${reference.toLowerCase()}`)).json()).toEqual({ result: 'needs_code', ...nothing });
    expect((await send(t, 'GET', '/api/clearance/verify/PCC-2020-999999')).json()).toEqual({ result: 'needs_code', ...nothing });
    expect((await send(t, 'GET', `/api/clearance/verify/${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`)).json()).toEqual({
      result: 'unknown',
      ...nothing,
    });
    expect((await send(t, 'GET', '/api/clearance/verify/anything')).json().result).toBe('unknown');

    // History: paid, then each status change and the certificate, with who.
    const history = (await send(t, 'GET', `/api/clearance/applications/${stored!.id}`, officer.token)).json().history;
    expect(history.map((h: { from_status: string; to_status: string }) => [h.from_status, h.to_status])).toEqual([
      [null, 'awaiting_payment'],
      ['awaiting_payment', 'pending'],
      ['pending', 'in_progress'],
      ['in_progress', 'completed'],
      ['completed', 'completed'],
    ]);
    expect(history.at(-1)).toMatchObject({ note: 'Certificate generated', changed_by: 'Dilani Jayasuriya' });

    // The audit log has each of the officer's writes, with who and what.
    const admin = await login(t, TEST_ADMIN.username, TEST_ADMIN.password, 'admin');
    const audited = async (action: string) =>
      (await send(t, 'GET', `/api/admin/audit-log?action=${action}`, admin))
        .json()
        .entries.filter((e: { subject_id: string }) => e.subject_id === String(stored!.id));
    expect((await audited('clearance.status')).map((e: { summary: object }) => e.summary).reverse()).toEqual([
      { before: 'pending', after: 'in_progress' },
      { before: 'in_progress', after: 'completed' },
    ]);
    expect(await audited('clearance.certificate')).toEqual([
      expect.objectContaining({ actor_username: officer.username, actor_branch: 'Admin Branch', subject_type: 'clearance', summary: { how: 'generated' } }),
    ]);

    // One payment, paid.
    expect((await clearancePaymentsOf(t, stored!.id)).map((p) => [p.status, p.amountCents])).toEqual([['paid', 500000]]);
  });

  it('keeps a declined or cancelled payment unpaid, and a second try replaces the application', async () => {
    const citizen = await applicant(t);
    const first = (await send(t, 'POST', '/api/clearance/apply', citizen.token, validApplication(citizen.identityNumber, citizen.uploads))).json();
    const declined = await send(t, 'POST', `/api/payments/sandbox/sessions/${first.sessionId}/pay`, undefined, DECLINED);
    expect(declined.json().error.code).toBe('payments.card_declined');
    expect((await send(t, 'GET', `/api/clearance/payment-status/${first.sessionId}`, citizen.token)).json()).toMatchObject({ success: false });

    const cancelled = await send(t, 'POST', `/api/payments/sandbox/sessions/${first.sessionId}/cancel`, undefined, {});
    expect(cancelled.json().redirect_url).toMatch(/^\/clearance\/cancel\?clearance_id=\d+/);
    expect((await send(t, 'GET', `/api/clearance/payment-status/${first.sessionId}`, citizen.token)).json().success).toBe(false);

    // Try again, the same documents and one changed field: the same application, a new checkout.
    const second = await send(
      t,
      'POST',
      '/api/clearance/apply',
      citizen.token,
      validApplication(citizen.identityNumber, citizen.uploads, { occupation: 'Architect' }),
    );
    expect(second.statusCode).toBe(200);
    const rows = await applicationsOf(t, citizen.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details.occupation).toBe('Architect');
    await send(t, 'POST', `/api/payments/sandbox/sessions/${second.json().sessionId}/pay`, undefined, CARD);
    const ok = (await send(t, 'GET', `/api/clearance/payment-status/${second.json().sessionId}`, citizen.token)).json();
    expect(ok.success).toBe(true);
    expect((await clearancePaymentsOf(t, rows[0]!.id)).map((p) => p.status).sort()).toEqual(['canceled', 'paid']);
  });

  it('pays exactly once when verification races the payment and repeats: one reference, one payment', async () => {
    const citizen = await applicant(t);
    const { sessionId } = (await send(t, 'POST', '/api/clearance/apply', citizen.token, validApplication(citizen.identityNumber, citizen.uploads))).json();
    const verify = () => send(t, 'GET', `/api/clearance/payment-status/${sessionId}`, citizen.token);
    const [, ...answers] = await Promise.all([
      send(t, 'POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD),
      verify(),
      verify(),
      verify(),
    ]);
    const final = (await verify()).json();
    expect(final.success).toBe(true);
    for (const a of answers) if (a.json().success) expect(a.json().clearanceCertificate.reference_number).toBe(final.clearanceCertificate.reference_number);
    const [row] = await applicationsOf(t, citizen.id);
    expect(row!.referenceNumber).toBe(final.clearanceCertificate.reference_number);
    expect((await clearancePaymentsOf(t, row!.id)).filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(
      (await send(t, 'GET', `/api/clearance/applications/${row!.id}`, officer.token))
        .json()
        .history.filter((h: { to_status: string }) => h.to_status === 'pending'),
    ).toHaveLength(1);
  });

  it('refuses a second open application (409) and allows a new one once the first is finished', async () => {
    const citizen = await applicant(t);
    expect((await send(t, 'GET', '/api/clearance/open-application', citizen.token)).json()).toEqual({ open: null });
    const { id } = await appliedAndPaid(t, citizen);
    const open = (await send(t, 'GET', '/api/clearance/open-application', citizen.token)).json();
    expect(open).toMatchObject({ open: { status: 'pending', reference_number: expect.stringMatching(/^PCC-/) } });
    expect((await send(t, 'GET', '/api/clearance/open-application', officer.token)).statusCode).toBe(403);
    const again = await send(
      t,
      'POST',
      '/api/clearance/apply',
      citizen.token,
      validApplication(citizen.identityNumber, { nicFront: await uploadedPath(t, citizen.token), nicBack: await uploadedPath(t, citizen.token) }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('clearance.open_application');
    expect(await applicationsOf(t, citizen.id)).toHaveLength(1);

    const rejected = await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'rejected', reason: 'Documents unreadable' });
    expect(rejected.json()).toMatchObject({ application_status: 'rejected', rejection_reason: 'Documents unreadable' });
    expect((await send(t, 'GET', '/api/clearance/open-application', citizen.token)).json()).toEqual({ open: null });
    expect((await send(t, 'GET', `/api/clearance/track/${citizen.identityNumber}`, citizen.token)).json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Documents unreadable',
    });
    const fresh = { nicFront: await uploadedPath(t, citizen.token), nicBack: await uploadedPath(t, citizen.token) };
    expect((await send(t, 'POST', '/api/clearance/apply', citizen.token, validApplication(citizen.identityNumber, fresh))).statusCode).toBe(200);
  });

  it('lets only Admin Branch officers process applications, and only the citizen track their own number', async () => {
    const citizen = await applicant(t);
    const { id, reference } = await appliedAndPaid(t, citizen);
    const traffic = await createOfficer(t, 'Traffic Branch');
    const calls: Array<['GET' | 'PUT' | 'POST', string, unknown?]> = [
      ['GET', '/api/clearance/applications'],
      ['GET', `/api/clearance/applications/${id}`],
      ['PUT', `/api/clearance/applications/${id}/status`, { status: 'in_progress' }],
      ['GET', `/api/clearance/applications/${id}/certificate-draft`],
      ['POST', `/api/clearance/applications/${id}/certificate`, { certificate_url: '/uploads/x.pdf' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(t, method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await send(t, method, url, citizen.token, body)).statusCode, `${method} ${url} citizen`).toBe(403);
      expect((await send(t, method, url, traffic.token, body)).statusCode, `${method} ${url} traffic officer`).toBe(403);
    }
    const other = await applicant(t);
    for (const path of ['status', 'track']) {
      const res = await send(t, 'GET', `/api/clearance/${path}/${other.identityNumber}`, citizen.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('clearance.identity_mismatch');
      expect((await send(t, 'GET', `/api/clearance/${path}/${citizen.identityNumber}`)).statusCode).toBe(401);
    }
    expect((await send(t, 'GET', `/api/clearance/track/${other.identityNumber}`, other.token)).json().error.code).toBe('clearance.not_found');
    // Someone else's payment session is not found.
    const session = (await send(t, 'POST', '/api/clearance/apply', other.token, validApplication(other.identityNumber, other.uploads))).json().sessionId;
    expect((await send(t, 'GET', `/api/clearance/payment-status/${session}`, citizen.token)).statusCode).toBe(404);

    // Status values outside the four are 400; rejecting needs a reason.
    const bad = await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'approved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toHaveProperty('status');
    const noReason = await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'rejected' });
    expect(noReason.json().error.fieldKeys).toEqual({ reason: 'rejectionReasonRequired' });
    expect((await send(t, 'GET', '/api/clearance/applications/999999', officer.token)).statusCode).toBe(404);
    expect((await send(t, 'GET', '/api/clearance/applications/abc', officer.token)).statusCode).toBe(400);
    expect((await send(t, 'GET', `/api/clearance/verify/${reference}`)).json()).toMatchObject({ result: 'needs_code', full_name: null });
  });

  it('refuses bad input naming each field, and stores nothing', async () => {
    const citizen = await applicant(t);
    const other = await applicant(t);
    const apply = (body: unknown) => send(t, 'POST', '/api/clearance/apply', citizen.token, body);
    const base = validApplication(citizen.identityNumber, citizen.uploads);
    const expectRefused = async (body: unknown, fields: Record<string, string>) => {
      const res = await apply(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldKeys).toMatchObject(fields);
    };

    await expectRefused(
      {
        ...base,
        confirm_nic_number: '199999999999',
        confirm_passport_number: 'N7654321',
        mobile_number: '12ab',
        confirm_email: 'other@example.lk',
        email: 'not-an-email',
        declaration: false,
        uploads: {},
      },
      {
        confirm_nic_number: 'nicMismatch',
        confirm_passport_number: 'passportMismatch',
        mobile_number: 'invalidMobile',
        email: 'invalidEmail',
        declaration: 'declarationRequired',
        'uploads.nicFront': 'nicFrontRequired',
        'uploads.nicBack': 'nicBackRequired',
      },
    );
    await expectRefused({ ...base, date_of_birth: '2999-01-01' }, { date_of_birth: 'dateOfBirthFuture' });
    await expectRefused({ ...base, passport_issue_date: '1980-01-01' }, { passport_issue_date: 'passportIssueBeforeBirth' });
    await expectRefused(
      { ...base, residence_history: [{ address: 'a', policeArea: 'b', fromDate: '2015-01-01', toDate: '2010-01-01' }] },
      { 'residence_history.0.toDate': 'fromBeforeTo' },
    );
    const huge = Array.from({ length: 50 }, () => ({ address: 'x'.repeat(10_000), policeArea: 'Kandy', fromDate: '2010-01-01', toDate: '2011-01-01' }));
    const hugeRes = await apply({ ...base, residence_history: huge });
    expect(hugeRes.statusCode).toBe(400);
    expect(Object.keys(hugeRes.json().error.fieldKeys).some((f) => f.startsWith('residence_history'))).toBe(true);
    // Under 18: the birth certificate is required too.
    await expectRefused({ ...base, date_of_birth: addMonths(colomboDate(), -12 * 17) }, { 'uploads.birthCertificateFront': 'birthCertificateFrontRequired' });
    await expectRefused({ ...base, left_before_sixteen: true }, { left_before_sixteen: 'leftBeforeSixteenMission' });
    // A Sri Lankan's passport number is one letter and seven digits (issue 46); another nationality's is free, and so is a
    // spouse's unless the spouse is Sri Lankan. A NIC's day must be a real one.
    await expectRefused({ ...base, passport_number: 'NA123456', confirm_passport_number: 'NA123456' }, { passport_number: 'passportSriLankanFormat' });
    await expectRefused({ ...base, passport_number: 'N123456', confirm_passport_number: 'N123456' }, { passport_number: 'passportSriLankanFormat' });
    await expectRefused(
      { ...base, spouse: { full_name: 'Nuwan Perera', nationality: 'Sri Lankan', passport_number: '123456789' } },
      { 'spouse.passport_number': 'passportSriLankanFormat' },
    );
    await expectRefused(
      { ...base, spouse: { full_name: 'Nuwan Perera', nationality: 'Sri Lankan', nic_number: '198899912345' } },
      { 'spouse.nic_number': 'nicDay' },
    );

    // An unknown path and someone else's upload: 400 naming the document, nothing claimed or stored.
    await expectRefused({ ...base, uploads: { ...citizen.uploads, nicFront: 'no-such-file.jpg' } }, { 'uploads.nicFront': 'uploadUnusable' });
    await expectRefused({ ...base, uploads: { ...citizen.uploads, nicBack: other.uploads.nicBack } }, { 'uploads.nicBack': 'uploadUnusable' });
    expect(await applicationsOf(t, citizen.id)).toHaveLength(0);
    expect((await fileRow(t, citizen.uploads.nicFront))!.claimedAt).toBeNull();
    expect((await fileRow(t, other.uploads.nicBack))!.claimedAt).toBeNull();

    // Drafts: bounded, and only with a step that exists.
    expect((await send(t, 'PUT', '/api/clearance/draft', citizen.token, { step: 12, data: {} })).statusCode).toBe(400);
    expect((await send(t, 'PUT', '/api/clearance/draft', citizen.token, { step: 2, data: { big: 'x'.repeat(70_000) } })).statusCode).toBe(400);
  });

  it('takes a country only from the one list (its English name): another is a 400 naming the field; a draft may still hold one', async () => {
    const citizen = await applicant(t);
    const base = validApplication(citizen.identityNumber, citizen.uploads);
    const apply = (body: unknown) => send(t, 'POST', '/api/clearance/apply', citizen.token, body);

    // A draft from before the list, with free text, is kept and given back as it was.
    const draft = { step: 5, data: { country: 'Down Under', delivery_country: 'Ceylon' } };
    expect((await send(t, 'PUT', '/api/clearance/draft', citizen.token, draft)).statusCode).toBe(200);
    expect((await send(t, 'GET', '/api/clearance/draft', citizen.token)).json().draft).toMatchObject(draft);

    const refused = await apply({ ...base, country: 'Down Under', delivery_country: 'Ceylon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation.failed',
      fieldKeys: { country: 'unknownCountry', delivery_country: 'unknownCountry' },
      fields: { country: 'Choose a country from the list.', delivery_country: 'Choose a country from the list.' },
    });
    // A name only a withdrawn code had, or a listed name in another language, is not a listed country either.
    expect((await apply({ ...base, country: 'Burma' })).json().error.fieldKeys).toEqual({ country: 'unknownCountry' });
    expect((await apply({ ...base, country: 'ඕස්ට්‍රේලියාව' })).json().error.fieldKeys).toEqual({ country: 'unknownCountry' });
    expect(await applicationsOf(t, citizen.id)).toHaveLength(0);

    expect((await apply({ ...base, country: 'Germany', delivery_country: 'Sri Lanka' })).statusCode).toBe(200);
    const [stored] = await applicationsOf(t, citizen.id);
    expect(stored!.details).toMatchObject({ country: 'Germany', delivery_country: 'Sri Lanka' });
  });

  it('checks uploads by content and size, and attaches an uploaded certificate PDF only to a completed application', async () => {
    const citizen = await applicant(t);
    const text = await uploadDocument(t, citizen.token, { buffer: Buffer.from('just text, not a picture'), filename: 'nic.jpg', contentType: 'image/jpeg' });
    expect(text.statusCode).toBe(415);
    const big = await uploadDocument(t, citizen.token, { buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1), filename: 'big.pdf', contentType: 'application/pdf' });
    expect(big.statusCode).toBe(413);
    const traffic = await createOfficer(t, 'Traffic Branch');
    expect((await uploadDocument(t, traffic.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/clearance/upload' })).statusCode).toBe(401);

    const { id } = await appliedAndPaid(t, citizen);
    const pdfPath = await uploadedPath(t, officer.token, pdfFile('certificate.pdf'));
    const attach = (url: string) => send(t, 'POST', `/api/clearance/applications/${id}/certificate`, officer.token, { certificate_url: url });
    expect((await attach(`/uploads/${pdfPath}`)).json().error.code).toBe('clearance.not_completed');
    await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'completed' });
    const imagePath = await uploadedPath(t, officer.token, await imageFile('png'));
    const notPdf = await attach(`/uploads/${imagePath}`);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.code).toBe('clearance.certificate_not_pdf');
    expect((await fileRow(t, imagePath))!.claimedAt).toBeNull();
    expect((await attach('/uploads/unknown.pdf')).json().error.fieldKeys).toEqual({ certificate_url: 'uploadUnusable' });
    const attached = await attach(`/uploads/${pdfPath}`);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().certificate_url).toBe(`/uploads/${pdfPath}`);
    const tracked = (await send(t, 'GET', `/api/clearance/track/${citizen.identityNumber}`, citizen.token)).json();
    expect(tracked.certificate_url).toBe(`/uploads/${pdfPath}`);
    expect((await t.app.inject({ method: 'GET', url: tracked.certificate_url, headers: bearer(citizen.token) })).statusCode).toBe(200);
    // The officer's own PDF does not print a code: the holder gets it on the tracking page, and it verifies.
    const code = tracked.certificate.verification_code as string;
    expect(tracked.certificate).toMatchObject({ generated: false, verification_url: `https://eservices.police.lk/verify/${code}`, withdrawn_at: null });
    expect(await verify(t, code)).toMatchObject({ result: 'valid', full_name: 'Nadeesha Jayawardena' });
    // Attaching another asks first.
    const second = await uploadedPath(t, officer.token, pdfFile('certificate-2.pdf'));
    expect((await attach(`/uploads/${second}`)).json().error.code).toBe('clearance.certificate_exists');
    expect((await fileRow(t, second))!.claimedAt).toBeNull();
    expect(
      (await send(t, 'POST', `/api/clearance/applications/${id}/certificate?replace=true`, officer.token, { certificate_url: `/uploads/${second}` }))
        .statusCode,
    ).toBe(200);
    expect((await verify(t, code)).result).toBe('replaced');
  });

  it("takes the NIC from the account: another citizen's is a 400 naming nic_number, and the officer sees which account applied", async () => {
    const citizen = await applicant(t);
    const victim = await applicant(t);
    const asVictim = validApplication(victim.identityNumber, citizen.uploads, { full_name_nic: 'Victim Person', name_to_print: 'Victim Person' });
    const refused = await send(t, 'POST', '/api/clearance/apply', citizen.token, asVictim);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'clearance.nic_not_own', fieldKeys: { nic_number: 'nicNotOwn' } });
    expect(await applicationsOf(t, citizen.id)).toHaveLength(0);
    expect((await fileRow(t, citizen.uploads.nicFront))!.claimedAt).toBeNull();

    // An old-style NIC typed in another spelling is the account's own: stored as the account has it (12 digits).
    const oldStyle = await applicant(t, { identity_number: uniqueOldNic() });
    const typed = `  ${oldStyle.identityNumber.toLowerCase()} `;
    const kept = normaliseNic(oldStyle.identityNumber);
    const { id } = await appliedAndPaid(t, oldStyle, { nic_number: typed, confirm_nic_number: typed, full_name_nic: 'Someone Else' });
    const [stored] = await applicationsOf(t, oldStyle.id);
    expect([stored!.nicNumber, stored!.details.nic_number]).toEqual([kept, kept]);
    const detail = (await send(t, 'GET', `/api/clearance/applications/${id}`, officer.token)).json();
    expect(detail).toMatchObject({
      nic_number: kept,
      full_name_nic: 'Someone Else',
      account: { username: oldStyle.username, identity_type: 'NIC', identity_number: kept, full_name: 'Nadeesha Jayawardena' },
    });
    // The certificate draft starts from the account's name, whatever the application typed.
    const draft = (await send(t, 'GET', `/api/clearance/applications/${id}/certificate-draft`, officer.token)).json();
    expect(draft).toMatchObject({ fullName: 'Nadeesha Jayawardena', nicNumber: kept });

    // An account registered with a passport has no NIC to give.
    const traveller = await applicant(t, { identity_type: 'Passport', identity_number: `N${uniqueNic().slice(-8)}` });
    const noNic = await send(t, 'POST', '/api/clearance/apply', traveller.token, validApplication(victim.identityNumber, traveller.uploads));
    expect(noNic.statusCode).toBe(400);
    expect(noNic.json().error).toMatchObject({ code: 'clearance.nic_account_needed', fieldKeys: { nic_number: 'nicAccountNeeded' } });
  });

  it('verifies by code (valid, expired, replaced, withdrawn), asks before replacing, refuses a period in the future, and withdraws', async () => {
    const citizen = await applicant(t);
    const { id, reference } = await appliedAndPaid(t, citizen);
    await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'completed' });
    const draft = (await send(t, 'GET', `/api/clearance/applications/${id}/certificate-draft`, officer.token)).json();
    const generate = (body: object, query = '') => send(t, 'POST', `/api/clearance/applications/${id}/certificate/generate${query}`, officer.token, body);
    const detail = async () => (await send(t, 'GET', `/api/clearance/applications/${id}`, officer.token)).json();
    const track = async () => (await send(t, 'GET', `/api/clearance/track/${citizen.identityNumber}`, citizen.token)).json();
    const download = async (url: string, token: string) => (await send(t, 'GET', url, token)).statusCode;

    // The period is past residence: it neither starts nor ends after today.
    const tomorrow = new Date(Date.parse(`${colomboDate()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await generate({ ...draft, periodFrom: tomorrow, periodTo: addMonths(tomorrow, 6) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fieldKeys).toEqual({ periodFrom: 'periodFromFuture', periodTo: 'periodToFuture' });
    const endsTomorrow = await generate({ ...draft, periodTo: tomorrow });
    expect(endsTomorrow.json().error.fieldKeys).toEqual({ periodTo: 'periodToFuture' });
    expect((await detail()).certificate).toBeNull();

    // Valid six months from its date of issue, however long ago the period began: issued seven months ago, it has expired.
    expect((await generate(draft)).statusCode).toBe(201);
    const first = await detail();
    const firstCode = first.certificate.verification_code as string;
    expect(await verify(t, firstCode)).toMatchObject({ result: 'valid', valid_until: addMonths(colomboDate(), 6) });
    const moved = (await t.database.db.execute(
      sql`update clearance_certificates set issued_at = issued_at - interval '7 months'
          where verification_code = ${normaliseVerificationCode(firstCode)} returning issued_at`,
    )) as unknown as { rows: { issued_at: string | Date }[] };
    const issuedOn = colomboDate(new Date(moved.rows[0]!.issued_at));
    expect(await verify(t, firstCode)).toEqual({
      result: 'expired',
      reference_number: reference,
      full_name: 'Nadeesha Jayawardena',
      valid_until: addMonths(issuedOn, 6),
      issued_at: expect.any(String),
      withdrawn_at: null,
    });

    // Generating again asks first (409 without replace=true); replaced, the first one says so.
    const again = await generate(draft);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('clearance.certificate_exists');
    expect((await detail()).certificate.verification_code).toBe(firstCode);
    expect((await generate(draft, '?replace=true')).statusCode).toBe(201);
    const second = await detail();
    const code = second.certificate.verification_code as string;
    expect(code).not.toBe(firstCode);
    expect((await verify(t, firstCode)).result).toBe('replaced');
    expect(await verify(t, code)).toMatchObject({ result: 'valid', full_name: 'Nadeesha Jayawardena', valid_until: addMonths(colomboDate(), 6) });
    expect(await download(first.certificate_url, citizen.token)).toBe(404);
    expect(await download(second.certificate_url, citizen.token)).toBe(200);

    // Withdrawn: the application rejected after issue, with a reason.
    const reason = 'Issued on a forged birth certificate';
    const rejected = await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'rejected', reason });
    expect(rejected.json()).toMatchObject({
      application_status: 'rejected',
      certificate_url: second.certificate_url,
      certificate: { verification_code: code, withdrawn_at: expect.any(String), withdrawal_reason: reason },
    });
    expect(rejected.json().history.at(-1)).toMatchObject({ to_status: 'rejected', note: `Certificate withdrawn: ${reason}` });
    expect(await verify(t, code)).toMatchObject({ result: 'withdrawn', full_name: 'Nadeesha Jayawardena', withdrawn_at: expect.any(String) });
    // The citizen sees the withdrawal and is offered no download; /uploads refuses them the file (officers may still open it).
    expect(await track()).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
      certificate_url: null,
      certificateUrl: null,
      certificate: { withdrawn_at: expect.any(String), withdrawal_reason: reason },
    });
    expect(await download(second.certificate_url, citizen.token)).toBe(404);
    expect(await download(second.certificate_url, officer.token)).toBe(200);
    expect((await send(t, 'GET', '/api/clearance/applications?search=' + reference, officer.token)).json().applications[0].has_certificate).toBe(false);

    // Completed again, the withdrawn certificate stays withdrawn until a new one is issued (asked for).
    await send(t, 'PUT', `/api/clearance/applications/${id}/status`, officer.token, { status: 'completed' });
    expect((await track()).certificate_url).toBeNull();
    expect((await verify(t, code)).result).toBe('withdrawn');
    expect((await generate(draft)).statusCode).toBe(409);
    expect((await generate(draft, '?replace=true')).statusCode).toBe(201);
    const third = await track();
    expect(third.certificate_url).not.toBeNull();
    expect((await verify(t, third.certificate.verification_code)).result).toBe('valid');
    expect((await verify(t, code)).result).toBe('withdrawn');
  });

  it('throttles verification per client address: 429 with Retry-After', async () => {
    const { max } = t.config.rateLimits.verify;
    const verifyFrom = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/clearance/verify/ABCDEFGHJKMNPQRSTVWX', remoteAddress });
    for (let i = 0; i < max; i++) expect((await verifyFrom('203.0.113.77')).statusCode).toBe(200);
    const over = await verifyFrom('203.0.113.77');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('request.rate_limited');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await verifyFrom('203.0.113.78')).statusCode).toBe(200);
  });
});
