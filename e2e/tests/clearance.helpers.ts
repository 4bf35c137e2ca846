import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, signUpCitizen } from './fines.helpers';
import { DEMO_OFFICER_PASSWORD } from '../../server/src/seed/demo-accounts';

/** The demo Admin Branch officer (README's demo accounts). */
export const CLEARANCE_OFFICER = { username: 'clearance.officer', password: DEMO_OFFICER_PASSWORD };
export const LANGUAGES = ['en', 'si', 'ta'] as const;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardholder_name: 'Sunil Fernando' };

/** A small, well-formed one-page PDF (the upload check reads its signature and structure). */
export function tinyPdf(text = 'Scanned document') {
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface PaidApplication {
  citizen: { username: string; password: string; nic: string };
  sessionId: string;
  reference: string;
}

/**
 * A new citizen applies through the API (NIC front and back as images; with `passportPdf`, the passport's
 * personal page as a PDF too) and pays with the sandbox's test card: a paid, pending application.
 */
export async function applyAndPay(request: APIRequestContext, { passportPdf = false } = {}): Promise<PaidApplication> {
  const citizen = await signUpCitizen(request);
  const asCitizen = await bearer(request, citizen, 'citizen');
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    const res = await request.post('/api/clearance/upload', { headers: asCitizen, multipart: { file: { name, mimeType, buffer } } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { file: { path: string } }).file.path;
  };
  const uploads: Record<string, string> = {
    nicFront: await upload('front.png', 'image/png', PNG),
    nicBack: await upload('back.png', 'image/png', PNG),
  };
  if (passportPdf) uploads.passportPersonalPage = await upload('passport.pdf', 'application/pdf', tinyPdf('Passport personal page'));
  const application = {
    application_type: 'new',
    nationality: 'sri_lankan',
    date_of_birth: '1985-07-02',
    left_before_sixteen: false,
    nic_number: citizen.nic,
    confirm_nic_number: citizen.nic,
    country: 'Canada',
    station: 'Kollupitiya Police Station',
    full_name_nic: 'Sunil Fernando',
    sex: 'male',
    title: 'Mr',
    name_to_print: 'Sunil Fernando',
    address_sri_lanka: '45 Kandy Road, Kadawatha',
    occupation: 'Accountant',
    purpose: 'Permanent residence visa',
    residence_history: [{ address: '12 Galle Road, Colombo 03', policeArea: 'Kollupitiya', fromDate: '2010-01-01', toDate: '2015-06-30' }],
    delivery_address1: '45 Kandy Road',
    delivery_city: 'Kadawatha',
    delivery_postal_code: '11850',
    delivery_state: 'Western',
    delivery_country: 'Sri Lanka',
    mobile_number: '+94712345678',
    confirm_mobile_number: '+94712345678',
    email: `${citizen.username}@example.lk`,
    confirm_email: `${citizen.username}@example.lk`,
    uploads,
    declaration: true,
    payment_declaration: true,
  };
  const apply = await request.post('/api/clearance/apply', { headers: asCitizen, data: application });
  expect(apply.status(), await apply.text()).toBe(200);
  const { sessionId } = (await apply.json()) as { sessionId: string };
  const pay = await request.post(`/api/payments/sandbox/sessions/${sessionId}/pay`, { data: CARD });
  expect(pay.status(), await pay.text()).toBe(200);
  const status = await request.get(`/api/clearance/payment-status/${sessionId}`, { headers: asCitizen });
  const reference = ((await status.json()) as { clearanceCertificate: { reference_number: string } }).clearanceCertificate.reference_number;
  return { citizen, sessionId, reference };
}

/** The application's id, as the Admin Branch list finds it by reference. */
export async function applicationId(request: APIRequestContext, reference: string) {
  const asOfficer = await bearer(request, CLEARANCE_OFFICER, 'police');
  const list = await request.get(`/api/clearance/applications?search=${reference}`, { headers: asOfficer });
  const [application] = ((await list.json()) as { applications: Array<{ id: number }> }).applications;
  return { id: application!.id, asOfficer };
}

/** Moves an application through in_progress to completed, as the Admin Branch officer. */
export async function completeApplication(request: APIRequestContext, reference: string) {
  const { id, asOfficer } = await applicationId(request, reference);
  for (const status of ['in_progress', 'completed']) {
    expect((await request.put(`/api/clearance/applications/${id}/status`, { headers: asOfficer, data: { status } })).status()).toBe(200);
  }
  return { id, asOfficer };
}

/**
 * The Admin Branch officer completes the application and generates its certificate from the draft;
 * answers the certificate's verification code.
 */
export async function certify(request: APIRequestContext, reference: string) {
  const { id, asOfficer } = await completeApplication(request, reference);
  const draft = await (await request.get(`/api/clearance/applications/${id}/certificate-draft`, { headers: asOfficer })).json();
  const generated = await request.post(`/api/clearance/applications/${id}/certificate/generate`, { headers: asOfficer, data: draft });
  expect(generated.status(), await generated.text()).toBe(201);
  const detail = (await (await request.get(`/api/clearance/applications/${id}`, { headers: asOfficer })).json()) as {
    certificate: { verification_code: string };
  };
  return detail.certificate.verification_code;
}

/** A PDF shown in the page: a frame of the fetched copy, or the spec's notice where the browser has no PDF viewer. */
export async function expectPdfPreview(page: Page, title: string) {
  if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
    await expect(page.locator(`iframe[title="${title}"]`)).toHaveAttribute('src', /^blob:/);
  } else {
    await expect(page.getByText('PDF preview unavailable in this browser.')).toBeVisible();
  }
}
