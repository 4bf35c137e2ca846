import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_DEFAULTS,
  CLEARANCE_FEE_AMOUNT,
  CLEARANCE_FEE_CENTS,
  CLEARANCE_PAGE_SIZE_MAX,
  cappedTotal,
  LIST_COUNT_CAP,
  CLEARANCE_REFERENCE_PATTERN,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  certificateValidUntil,
  colomboDate,
  isVerificationCode,
  normaliseIdentity,
  normaliseNic,
  normaliseVerificationCode,
  type CertificateDraft,
  type CertificateVerification,
  type ClearanceAccount,
  type ClearanceApplication,
  type ClearanceCertificate,
  type ExportedClearance,
  type ClearanceDetail,
  type ClearanceDocument,
  type ClearanceDraft,
  type ClearanceOpenApplication,
  type ClearanceOfficerStatus,
  type ClearancePaymentStatus,
  type ClearanceTrack,
  type clearanceListQuerySchema,
  type clearanceListSchema,
  CLEARANCE_RECORD,
  recordView,
} from '@pes/contracts';
import type { z } from 'zod';
import { appError } from '../../app-error';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { keysetPage } from '../../db/keyset';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditService } from '../audit/audit.service';
import { storedFilePathOf, storedFileUrl, type FileAccessPolicy, type FilesService } from '../files/files.service';
import type { UploadedFile } from '../../http/uploaded-file';
import type { Fulfiller, PaymentsService } from '../payments/payments.service';
import type { ClearanceRepository } from './clearance.repository';
import type { ClearanceDetails, ClearanceRow } from './clearance.table';
import { serialIds } from '../../db/sql';
import type { EventRecorder } from '../jobs/domain-events';
import type { WorkScope } from '../workload/workload.service';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type CurrentCertificate = NonNullable<Awaited<ReturnType<ClearanceRepository['currentCertificate']>>>;

/**
 * A new verification code: 20 characters of VERIFICATION_CODE_ALPHABET, each from 5 bits of its own
 * random byte (32 divides 256, so every character is equally likely): 100 random bits.
 */
function newVerificationCode() {
  return [...randomBytes(VERIFICATION_CODE_LENGTH)].map((b) => VERIFICATION_CODE_ALPHABET[b & 31]).join('');
}

const ADMIN_BRANCH = 'Admin Branch';
const OPEN_INDEX = 'clearance_one_open_per_citizen_uq';
const isAdminBranchOfficer = (p: Principal) => p.role === 'police_officer' && p.branch === ADMIN_BRANCH;

/** Whom an application's events concern: its citizen, by its reference number. */
interface ApplicationOwner {
  citizenUserId: number;
  reference: string;
}
const ownerOf = (row: { citizenUserId: number; referenceNumber: string | null }): ApplicationOwner => ({
  citizenUserId: row.citizenUserId,
  reference: row.referenceNumber ?? '',
});

type ListQuery = z.output<typeof clearanceListQuerySchema>;
type ClearanceList = z.infer<typeof clearanceListSchema>;

export function createClearanceService(deps: {
  db: Database;
  /** The staff pages' reads (the Admin Branch's list): their own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  clearance: ClearanceRepository;
  files: FilesService;
  payments: PaymentsService;
  audit: AuditService;
  events: EventRecorder;
  publicUrl: string;
}) {
  const { db, staffReads, clearance, files, payments, audit, events } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  const verificationUrl = (code: string) => `${publicUrl}/verify/${code}`;

  /**
   * The NIC an application carries: the signed-in citizen's own, from the account (a certificate names
   * the person whose account applied). Another number is a 400 naming the field; an account registered
   * with a passport has no NIC to give.
   */
  function ownNic(citizen: Principal, typed: string) {
    if (!citizen.identityNumber) throw appError('clearance.no_identity');
    if (citizen.identityType !== 'NIC') throw appError('clearance.nic_account_needed');
    const own = normaliseNic(citizen.identityNumber);
    if (normaliseNic(typed) !== own) throw appError('clearance.nic_not_own');
    return own;
  }

  /** The signed-in citizen's own identity number, or 403 for anyone else's. */
  function ownIdentity(citizen: Principal, identityNumber: string) {
    if (!citizen.identityNumber) throw appError('clearance.no_identity');
    const type = citizen.identityType ?? 'NIC';
    if (normaliseIdentity(type, identityNumber) !== normaliseIdentity(type, citizen.identityNumber)) throw appError('clearance.identity_mismatch');
  }

  /** A paid application (officers never see one awaiting payment). */
  async function paidApplication(id: number) {
    const row = await clearance.findById(id);
    if (!row || row.paidAt === null) throw appError('clearance.application_not_found');
    return row;
  }

  /** A completed application, for issuing its certificate; one holding a certificate already needs `replace` (409 without). */
  async function completedApplication(id: number, replace: boolean) {
    const row = await paidApplication(id);
    if (row.status !== 'completed') throw appError('clearance.not_completed');
    if (!replace && (await clearance.currentCertificate(id))) throw appError('clearance.certificate_exists');
    return row;
  }

  /** Issues a certificate in `tx`, checked again under the application's lock: still completed, and replaced only when asked. */
  async function issue(
    officer: Principal,
    c: { applicationId: number; fileId: number; generated: boolean; code: string; holderName: string; draft: CertificateDraft; owner: ApplicationOwner },
    replace: boolean,
    tx: Tx,
  ) {
    if (!(await clearance.lockCompleted(c.applicationId, tx))) throw appError('clearance.not_completed');
    if (!replace && (await clearance.currentCertificate(c.applicationId, tx))) throw appError('clearance.certificate_exists');
    await clearance.issueCertificate(
      {
        applicationId: c.applicationId,
        verificationCode: c.code,
        fileId: c.fileId,
        generated: c.generated,
        holderName: c.holderName,
        periodFrom: c.draft.periodFrom,
        periodTo: c.draft.periodTo,
        issuedByUserId: officer.userId,
      },
      tx,
    );
    const how = c.generated ? 'generated' : 'attached';
    await clearance.addHistory(
      {
        applicationId: c.applicationId,
        fromStatus: 'completed',
        toStatus: 'completed',
        note: c.generated ? 'Certificate generated' : 'Certificate attached',
        changedByUserId: officer.userId,
      },
      tx,
    );
    await audit.record({ actor: actorOf(officer), action: 'clearance.certificate', subject: { type: 'clearance', id: c.applicationId }, summary: { how } }, tx);
    await events.record(tx, { type: 'clearance.certificate_ready', applicationId: c.applicationId, ...c.owner, status: 'completed' });
  }

  /** A certificate as officers and its holder see it. */
  const certificateView = (
    c: Pick<CurrentCertificate, 'verificationCode' | 'issuedAt' | 'generated' | 'withdrawnAt' | 'withdrawalReason'>,
  ): ClearanceCertificate => ({
    verification_code: c.verificationCode,
    verification_url: verificationUrl(c.verificationCode),
    issued_at: c.issuedAt,
    generated: c.generated,
    withdrawn_at: c.withdrawnAt,
    withdrawal_reason: c.withdrawalReason,
  });

  /** Claims the documents named in `uploads` for the application, keeping those it holds already. */
  async function attachDocuments(applicationId: number, citizenUserId: number, uploads: ClearanceApplication['uploads'], tx: Tx) {
    const held = new Map((await clearance.documentsOf(applicationId, tx)).map((d) => [d.path, d.fileId]));
    const documents: Array<{ document: string; fileId: number }> = [];
    for (const [document, path] of Object.entries(uploads) as Array<[ClearanceDocument, string | undefined]>) {
      if (!path) continue;
      const bare = storedFilePathOf(path);
      const fileId =
        held.get(bare) ?? (await files.claim({ purpose: 'clearance_document', ownerUserId: citizenUserId, path: bare, field: `uploads.${document}` }, tx)).id;
      documents.push({ document, fileId });
    }
    await clearance.setDocuments(applicationId, documents, tx);
  }

  /**
   * The draft the officer starts from: the name the account holds (not the one typed in the application),
   * the account's NIC, the application's other details and the spec's defaults, the country the certificate is
   * for, and the period of residence the applicant gave (its earliest day up to today); or what the last
   * certificate said.
   */
  function draftFor(row: ClearanceRow, account: ClearanceAccount | undefined, certificate: CurrentCertificate | undefined): CertificateDraft {
    const today = colomboDate();
    const earliest = row.details.residence_history.map((entry) => entry.fromDate).sort()[0];
    const periodFrom = certificate?.periodFrom ?? (earliest && earliest < today ? earliest : today);
    return {
      addresseeTitle: CERTIFICATE_DEFAULTS.addresseeTitle,
      department: CERTIFICATE_DEFAULTS.department,
      country: row.details.country.trim() || CERTIFICATE_DEFAULTS.country,
      fullName: certificate?.holderName ?? account?.full_name ?? row.fullNameNic,
      nicNumber: row.nicNumber,
      passportNumber: row.details.passport_number,
      address: row.details.address_sri_lanka,
      periodFrom,
      periodTo: certificate?.periodTo ?? today,
      remarks: CERTIFICATE_DEFAULTS.remarks,
    };
  }

  /**
   * The application as the Admin Branch officer's detail shows it, with its documents' addresses: the view of those
   * documents is recorded first (one audit entry naming them, files.showIdentityFiles).
   */
  async function toDetail(officer: Principal, row: ClearanceRow): Promise<ClearanceDetail> {
    const d = row.details;
    const [documents, history, certificate, account] = await Promise.all([
      clearance.documentsOf(row.id),
      clearance.historyOf(row.id),
      clearance.currentCertificate(row.id),
      clearance.accountOf(row.citizenUserId),
    ]);
    await files.showIdentityFiles(officer, {
      ownerUserId: row.citizenUserId,
      documents: documents.map((doc) => ({ path: doc.path, document: doc.document as ClearanceDocument })),
      reference: row.referenceNumber ?? undefined,
    });
    return {
      // The application as given, by its own names; the row's columns hold the NIC and name it was made with.
      ...recordView(CLEARANCE_RECORD, d),
      nic_number: row.nicNumber,
      full_name_nic: row.fullNameNic,
      id: row.id,
      account: account!,
      reference_number: row.referenceNumber,
      application_status: row.status,
      rejection_reason: row.rejectionReason,
      uploads: Object.fromEntries(documents.map((doc) => [doc.document, storedFileUrl(doc.path)])),
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      amount: CLEARANCE_FEE_AMOUNT,
      period_from: certificate?.periodFrom ?? null,
      period_to: certificate?.periodTo ?? null,
      certificate_url: certificate ? storedFileUrl(certificate.path) : null,
      certificate: certificate ? certificateView(certificate) : null,
      history,
    };
  }

  return {
    /** The audit log's words for applications: the reference (PCC-...) and the applicant's name. */
    async describeForAudit(ids: string[]) {
      const rows = await clearance.describeForAudit(serialIds(ids));
      return new Map(rows.map(({ id, reference, person }): [string, Record<string, string>] => [String(id), reference ? { reference, person } : { person }]));
    },

    /** Per Admin Branch officer: the applications they have handled, by workload class. */
    workloadByOfficer: (scope: WorkScope, tx?: DbOrTx) => clearance.workloadByOfficer(scope, tx),

    /** A document uploaded ahead of the application (a citizen's), or a certificate PDF ahead of its attachment (an Admin Branch officer's). */
    upload(principal: Principal, file: UploadedFile) {
      if (principal.role === 'citizen') return files.upload(file, { purpose: 'clearance_document', ownerUserId: principal.userId });
      if (!isAdminBranchOfficer(principal)) throw appError('auth.forbidden');
      return files.upload(file, { purpose: 'clearance_certificate', ownerUserId: principal.userId });
    },

    /**
     * Stores the application as awaiting payment with its documents claimed (one transaction), then opens
     * the fee's checkout. Its NIC is the account's own (another is a 400). A second try while the first
     * still awaits payment replaces it; an application already paid and not finished is a 409.
     */
    async apply(citizen: Principal, input: ClearanceApplication) {
      const nicNumber = ownNic(citizen, input.nic_number);
      // The confirmations were checked by the schema; they are not kept.
      const details = Object.fromEntries(Object.entries(input).filter(([key]) => key !== 'uploads' && !key.startsWith('confirm_'))) as ClearanceDetails;
      details.nic_number = nicNumber;
      const { uploads } = input;
      const values = { nicNumber, fullNameNic: input.full_name_nic, details, amountCents: CLEARANCE_FEE_CENTS };
      let applicationId: number;
      try {
        applicationId = await db.transaction(async (tx) => {
          const open = await clearance.findOpenForCitizen(citizen.userId, tx);
          if (open && open.status !== 'awaiting_payment') throw appError('clearance.open_application');
          let id: number;
          if (open) {
            if (!(await clearance.replaceAwaiting(open.id, values, tx))) throw appError('clearance.open_application');
            id = open.id;
          } else {
            id = await clearance.insert({ ...values, citizenUserId: citizen.userId }, tx);
            await clearance.addHistory({ applicationId: id, fromStatus: null, toStatus: 'awaiting_payment', changedByUserId: citizen.userId }, tx);
          }
          await attachDocuments(id, citizen.userId, uploads, tx);
          return id;
        });
      } catch (err) {
        if (isUniqueViolation(err, OPEN_INDEX)) throw appError('clearance.open_application');
        throw err;
      }
      return payments.startCheckout({
        purpose: 'clearance',
        referenceId: String(applicationId),
        amountCents: CLEARANCE_FEE_CENTS,
        description: 'Police clearance certificate application fee',
        payerUserId: citizen.userId,
      });
    },

    /** The fee is paid (payments' fulfiller, in the payment's transaction): pending, a reference number, the draft gone. Exactly once. */
    fulfilFee: (async (payment, tx) => {
      const row = await clearance.markPaid(Number(payment.referenceId), payment.id, tx);
      if (!row) return false;
      await clearance.addHistory({ applicationId: row.id, fromStatus: 'awaiting_payment', toStatus: 'pending', note: 'Fee paid', changedByUserId: null }, tx);
      await clearance.deleteDraft(row.citizenUserId, tx);
      await events.record(tx, {
        type: 'clearance.paid',
        applicationId: row.id,
        citizenUserId: row.citizenUserId,
        reference: row.referenceNumber ?? '',
        status: 'pending',
      });
      return true;
    }) satisfies Fulfiller,

    /** The success page's question: paid only on the gateway's word, for the citizen who started the checkout. */
    async paymentStatus(citizen: Principal, sessionId: string): Promise<ClearancePaymentStatus> {
      const confirmation = await payments.confirmForPayer({ purpose: 'clearance', payerUserId: citizen.userId, sessionId });
      if (!confirmation) throw appError('clearance.payment_not_found');
      const row = await clearance.findById(Number(confirmation.payment.referenceId));
      const paid = confirmation.paid && row?.paymentId === confirmation.payment.id;
      return {
        success: paid,
        message: paid ? 'Payment verified. Your application has been received.' : 'Payment has not been completed.',
        checkoutSession: { id: sessionId, payment_status: confirmation.paid ? 'paid' : 'unpaid' },
        clearanceCertificate: { reference_number: paid ? (row?.referenceNumber ?? null) : null, amount: CLEARANCE_FEE_AMOUNT },
      };
    },

    /** The application that blocks a new one (paid, not finished); one still awaiting payment is replaced by a new try. */
    async openApplication(citizen: Principal): Promise<ClearanceOpenApplication> {
      const open = await clearance.findOpenForCitizen(citizen.userId);
      if (!open || open.status === 'awaiting_payment') return { open: null };
      return { open: { reference_number: open.referenceNumber, status: open.status } };
    },

    async exists(citizen: Principal, identityNumber: string) {
      ownIdentity(citizen, identityNumber);
      return { exists: (await clearance.latestPaidForCitizen(citizen.userId)) !== undefined };
    },

    async track(citizen: Principal, identityNumber: string): Promise<ClearanceTrack> {
      ownIdentity(citizen, identityNumber);
      const row = await clearance.latestPaidForCitizen(citizen.userId);
      if (!row) throw appError('clearance.not_found');
      const [certificate, history] = await Promise.all([clearance.currentCertificate(row.id), clearance.historyOf(row.id)]);
      // A withdrawn certificate is no longer offered (and /uploads refuses it to the citizen).
      const url = certificate && !certificate.withdrawnAt ? storedFileUrl(certificate.path) : null;
      const createdAt = row.createdAt.toISOString();
      return {
        id: row.id,
        reference_number: row.referenceNumber,
        referenceNumber: row.referenceNumber,
        status: row.status,
        rejection_reason: row.rejectionReason,
        created_at: createdAt,
        createdAt,
        full_name: row.fullNameNic,
        fullName: row.fullNameNic,
        idNumber: row.nicNumber,
        certificate_url: url,
        certificateUrl: url,
        certificate: certificate ? certificateView(certificate) : null,
        history,
      };
    },

    /** Every application of the citizen's own, with its answers, history and certificates (the export of their data). */
    async exportForCitizen(citizen: Principal): Promise<ExportedClearance[]> {
      const rows = await clearance.allForCitizen(citizen.userId);
      return Promise.all(
        rows.map(async (row) => {
          const [history, issued] = await Promise.all([clearance.historyOf(row.id), clearance.certificatesOf(row.id)]);
          return {
            id: row.id,
            reference_number: row.referenceNumber,
            status: row.status,
            rejection_reason: row.rejectionReason,
            created_at: row.createdAt,
            paid_at: row.paidAt,
            application: row.details as unknown as Record<string, unknown>,
            history,
            certificates: issued.map(certificateView),
          };
        }),
      );
    },

    async getDraft(citizen: Principal) {
      return { draft: (await clearance.findDraft(citizen.userId)) ?? null };
    },

    async saveDraft(citizen: Principal, draft: ClearanceDraft) {
      await clearance.saveDraft(citizen.userId, draft);
      return { draft: (await clearance.findDraft(citizen.userId)) ?? null };
    },

    async list(query: ListQuery): Promise<ClearanceList> {
      const pageSize = Math.min(query.page_size, CLEARANCE_PAGE_SIZE_MAX);
      const filter = { search: query.search, status: query.status, station: query.station };
      const [rows, matched] = await Promise.all([
        clearance.list({ ...filter, cursor: query.cursor, limit: pageSize + 1 }, staffReads),
        clearance.count(filter, LIST_COUNT_CAP, staffReads),
      ]);
      const { page, next_cursor } = keysetPage(rows, pageSize, (row) => row.cursor);
      return {
        applications: page.map((row) => row.application),
        page_size: pageSize,
        next_cursor,
        // Counted up to the cap, as the fines pages do: "more than 500" beyond.
        ...cappedTotal(matched),
      };
    },

    async detail(officer: Principal, id: number) {
      return toDetail(officer, await paidApplication(id));
    },

    /**
     * pending / in_progress / completed, or rejected with a reason; each change kept in the history.
     * Rejecting an application whose certificate was issued withdraws the certificate (same transaction):
     * verification then says withdrawn, and the citizen is no longer offered or served its file.
     */
    async updateStatus(officer: Principal, id: number, status: ClearanceOfficerStatus, reason?: string) {
      const row = await paidApplication(id);
      if (row.status !== status) {
        try {
          await db.transaction(async (tx) => {
            const rejection = status === 'rejected' ? (reason ?? null) : null;
            const changed = await clearance.updateStatus(id, row.status, status, rejection, tx);
            if (!changed) throw appError('clearance.open_application');
            const withdrawn = rejection !== null && (await clearance.withdrawCertificate(id, rejection, tx));
            await clearance.addHistory(
              {
                applicationId: id,
                fromStatus: row.status,
                toStatus: status,
                note: withdrawn ? `Certificate withdrawn: ${rejection}` : rejection,
                changedByUserId: officer.userId,
              },
              tx,
            );
            await audit.record(
              { actor: actorOf(officer), action: 'clearance.status', subject: { type: 'clearance', id }, summary: { before: row.status, after: status } },
              tx,
            );
            const owner = { applicationId: id, citizenUserId: row.citizenUserId, reference: row.referenceNumber ?? '' };
            await events.record(tx, { type: withdrawn ? 'clearance.withdrawn' : 'clearance.status_changed', ...owner, status });
            if (withdrawn) {
              await audit.record(
                { actor: actorOf(officer), action: 'clearance.certificate', subject: { type: 'clearance', id }, summary: { how: 'withdrawn' } },
                tx,
              );
            }
          });
        } catch (err) {
          // Reopening an application when its citizen has applied again since.
          if (isUniqueViolation(err, OPEN_INDEX)) throw appError('clearance.open_application');
          throw err;
        }
      }
      return toDetail(officer, (await clearance.findById(id))!);
    },

    /** The draft the officer starts from: the account's name and NIC, the application's details and the spec's defaults (the opening audited). */
    async certificateDraft(officer: Principal, id: number): Promise<CertificateDraft> {
      const row = await paidApplication(id);
      const [account, certificate] = await Promise.all([clearance.accountOf(row.citizenUserId), clearance.currentCertificate(id)]);
      // Recorded before it goes out: the applicant sees it on their account ("Who has looked at my data?"), never by name.
      await audit.record({
        actor: actorOf(officer),
        action: 'clearance.draft_view',
        subject: { type: 'user', id: row.citizenUserId },
        summary: { reference: row.referenceNumber, application: id, station: officer.station },
      });
      return draftFor(row, account, certificate);
    },

    /**
     * Makes the certificate PDF from the edited draft, with a new verification code in its QR code and
     * text, stores it and issues it, in one go. An application holding a certificate already needs
     * `replace` (the officer confirmed): the earlier one then verifies as replaced.
     */
    async generateCertificate(officer: Principal, id: number, draft: CertificateDraft, replace = false) {
      const row = await completedApplication(id, replace);
      const reference = row.referenceNumber!;
      const code = newVerificationCode();
      // PDFKit, its fonts and the QR encoder load with the first certificate, not at start-up.
      const { renderCertificatePdf } = await import('./clearance.certificate');
      const pdf = await renderCertificatePdf({
        draft,
        referenceNumber: reference,
        issuedOn: colomboDate(),
        verificationCode: code,
        verifyUrl: verificationUrl(code),
      });
      const upload: UploadedFile = { field: 'certificate', buffer: pdf, mimeType: 'application/pdf', ext: 'pdf', originalName: `${reference}.pdf` };
      const path = await files.withStagedFiles([upload], ([staged]) =>
        db.transaction(async (tx) => {
          // Nobody owns it (an owner could always read it): who may is the certificate policy's call, so the
          // citizen loses it when it is withdrawn or replaced.
          const file = await files.recordClaimed(staged!, { purpose: 'clearance_certificate', ownerUserId: null }, tx);
          await issue(
            officer,
            { applicationId: id, fileId: file.id, generated: true, code, holderName: draft.fullName, draft, owner: ownerOf(row) },
            replace,
            tx,
          );
          return file.path;
        }),
      );
      return { certificate_url: storedFileUrl(path) };
    },

    /**
     * Attaches a certificate PDF the officer uploaded (POST /clearance/upload) to a completed application.
     * It gets a verification code like a generated one; its PDF does not print it (the officer made it),
     * so the code reaches the holder on their tracking page, and the officer sees it in the application.
     */
    async attachCertificate(officer: Principal, id: number, certificateUrlText: string, replace = false) {
      const row = await completedApplication(id, replace);
      const path = storedFilePathOf(certificateUrlText);
      const [account, previous] = await Promise.all([clearance.accountOf(row.citizenUserId), clearance.currentCertificate(id)]);
      const draft = draftFor(row, account, previous);
      const attached = await db.transaction(async (tx) => {
        const file = await files.claim({ purpose: 'clearance_certificate', ownerUserId: officer.userId, path, field: 'certificate_url' }, tx);
        if (file.mimeType !== 'application/pdf') throw appError('clearance.certificate_not_pdf');
        await issue(
          officer,
          { applicationId: id, fileId: file.id, generated: false, code: newVerificationCode(), holderName: draft.fullName, draft, owner: ownerOf(row) },
          replace,
          tx,
        );
        return file.path;
      });
      return { certificate_url: storedFileUrl(attached) };
    },

    /**
     * Public, throttled per address: genuine and valid, expired, withdrawn or replaced, by the certificate's
     * verification code, with the holder's name and nothing else about them. A reference number (sequential,
     * so anyone can list them) is not looked up at all: it answers needs_code.
     */
    async verify(codeText: string, today = colomboDate()): Promise<CertificateVerification> {
      const nothing = { reference_number: null, full_name: null, valid_until: null, issued_at: null, withdrawn_at: null };
      if (CLEARANCE_REFERENCE_PATTERN.test(codeText.trim().toUpperCase())) return { result: 'needs_code', ...nothing };
      const code = normaliseVerificationCode(codeText);
      const found = isVerificationCode(code) ? await clearance.findCertificateByCode(code) : undefined;
      if (!found) return { result: 'unknown', ...nothing };
      const validUntil = certificateValidUntil(colomboDate(new Date(found.issuedAt)));
      return {
        result: found.withdrawnAt ? 'withdrawn' : found.replacedAt ? 'replaced' : today <= validUntil ? 'valid' : 'expired',
        reference_number: found.referenceNumber,
        full_name: found.holderName,
        valid_until: validUntil,
        issued_at: found.issuedAt,
        withdrawn_at: found.withdrawnAt,
      };
    },

    /** /uploads access to documents beyond their owner and administrators: Admin Branch officers. */
    documentPolicy: (async (principal, file) => isAdminBranchOfficer(principal) && clearance.isClearanceFile(file.id)) satisfies FileAccessPolicy,

    /**
     * /uploads access to certificates: Admin Branch officers (any issued, withdrawn ones too), and the
     * citizen whose application holds it now, unless it was withdrawn.
     */
    certificatePolicy: (async (principal, file) => {
      if (isAdminBranchOfficer(principal)) return clearance.isClearanceFile(file.id);
      return principal.role === 'citizen' && clearance.isCertificateOf(file.id, principal.userId);
    }) satisfies FileAccessPolicy,
  };
}
export type ClearanceService = ReturnType<typeof createClearanceService>;
