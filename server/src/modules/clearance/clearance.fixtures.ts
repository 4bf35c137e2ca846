import { count, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TestApp } from '../../../test/harness';
import { bearer, createCitizen, createOfficer, imageFile, multipart, pdfFile, type FilePart } from '../../../test/helpers';
import { files } from '../files/files.table';
import { payments } from '../payments/payments.table';
import { clearanceApplications } from './clearance.table';

export const CARD = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder_name: 'Amaya Wijesinghe' };
export const DECLINED = { ...CARD, card_number: '4000 0000 0000 0002' };

export const sessionIdOf = (url: string) => url.split('/').pop()!;

export const send = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Public verification of a certificate by its code (or whatever is given in its place). */
export const verify = async (t: TestApp, code: string) => (await send(t, 'GET', `/api/clearance/verify/${encodeURIComponent(code)}`)).json();

export async function uploadDocument(t: TestApp, token: string, file?: FilePart) {
  const body = multipart({}, { file: file ?? (await imageFile()) });
  return t.app.inject({ method: 'POST', url: '/api/clearance/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

export async function uploadedPath(t: TestApp, token: string, file?: FilePart) {
  const res = await uploadDocument(t, token, file);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().file.path as string;
}

/** A complete, valid application for a citizen, with the given NIC and uploads. */
export const validApplication = (nic: string, uploads: Record<string, string>, overrides: Record<string, unknown> = {}) => ({
  application_type: 'new',
  nationality: 'sri_lankan',
  date_of_birth: '1990-05-14',
  left_before_sixteen: false,
  nic_number: nic,
  confirm_nic_number: nic,
  passport_number: 'N1234567',
  confirm_passport_number: 'n1234567',
  country: 'Australia',
  station: 'Slave Island Police',
  full_name_nic: 'Amaya Wijesinghe',
  sex: 'female',
  title: 'Ms',
  full_name_passport: 'Amaya Wijesinghe',
  name_to_print: 'Amaya Wijesinghe',
  passport_issue_date: '2020-02-01',
  address_sri_lanka: '12 Galle Road, Colombo 03',
  occupation: 'Engineer',
  purpose: 'Work visa',
  previously_applied: false,
  residence_history: [{ address: '5 Temple Road, Kandy', policeArea: 'Kandy', fromDate: '2010-01-01', toDate: '2015-06-30' }],
  delivery_address1: '12 Galle Road',
  delivery_city: 'Colombo',
  delivery_postal_code: '00300',
  delivery_state: 'Western',
  delivery_country: 'Sri Lanka',
  mobile_number: '+94771234567',
  confirm_mobile_number: '+94771234567',
  email: 'amaya@example.lk',
  confirm_email: 'Amaya@Example.lk',
  spouse: { full_name: 'Nuwan Perera', nationality: 'Sri Lankan', nic_number: '198811112222' },
  uploads,
  declaration: true,
  payment_declaration: true,
  ...overrides,
});

/** A citizen (an NIC holder, unless `signup` says otherwise) with NIC front and back uploaded. */
export async function applicant(t: TestApp, signup: Record<string, string> = {}) {
  const citizen = await createCitizen(t, signup);
  const uploads = { nicFront: await uploadedPath(t, citizen.token), nicBack: await uploadedPath(t, citizen.token, pdfFile('nic-back.pdf')) };
  return { ...citizen, uploads };
}

/** Applies (with `overrides` of the valid application) and pays with the test card; answers the application's reference number and id. */
export async function appliedAndPaid(t: TestApp, who: Awaited<ReturnType<typeof applicant>>, overrides: Record<string, unknown> = {}) {
  const apply = await send(t, 'POST', '/api/clearance/apply', who.token, validApplication(who.identityNumber, who.uploads, overrides));
  if (apply.statusCode !== 200) throw new Error(`apply failed: ${apply.statusCode} ${apply.body}`);
  const sessionId = sessionIdOf(apply.json().url);
  const paid = await send(t, 'POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, undefined, CARD);
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.statusCode} ${paid.body}`);
  const status = await send(t, 'GET', `/api/clearance/payment-status/${sessionId}`, who.token);
  const reference = status.json().clearanceCertificate.reference_number as string;
  const row = (await t.database.db.select().from(clearanceApplications).where(eq(clearanceApplications.referenceNumber, reference)))[0]!;
  return { reference, id: row.id, sessionId };
}

export const adminBranchOfficer = (t: TestApp) => createOfficer(t, 'Admin Branch', { full_name: 'Dilani Jayasuriya' });

export const applicationsOf = (t: TestApp, citizenUserId: number) =>
  t.database.db.select().from(clearanceApplications).where(eq(clearanceApplications.citizenUserId, citizenUserId));

export const clearancePaymentsOf = (t: TestApp, applicationId: number) =>
  t.database.db
    .select()
    .from(payments)
    .where(eq(payments.referenceId, String(applicationId)));

export const fileRow = async (t: TestApp, path: string) => (await t.database.db.select().from(files).where(eq(files.path, path)))[0];

export const countApplications = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(clearanceApplications))[0]!.n;

/** The PDF's text (pdf.js, as a viewer reads it) and the fonts it embeds. */
export async function pdfContent(buffer: Buffer) {
  const proxy = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(proxy, { mergePages: true });
  const fonts = [...buffer.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[2]!);
  return { text: text as string, fonts: [...new Set(fonts)], pages: proxy.numPages };
}
