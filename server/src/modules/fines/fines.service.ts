import {
  colomboDate,
  cappedTotal,
  OFFENSE_TYPES,
  OFFICER_FINES_PAGE_SIZE,
  amountToCents,
  colomboLocalToDate,
  normaliseIdentity,
  normaliseIdentitySearch,
  vehicleSearchKey,
  plateSearchKey,
  type analyticsQuerySchema,
  type fineSearchQuerySchema,
  type officerFinesQuerySchema,
  type fineHistoryQuerySchema,
  type FineHistoryPage,
  type OfficerFinesPage,
  type Fine,
  type FineAnalytics,
  type IssueFineInput,
  type OffenseType,
} from '@pes/contracts';
import type { z } from 'zod';
import { appError } from '../../app-error';
import type { Database, DbOrTx } from '../../db/client';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { Principal } from '../../http/principal';
import type { Fulfiller, PaymentsService } from '../payments/payments.service';
import { dueDateFor } from './fines.dates';
import type { FinesRepository } from './fines.repository';
import { ALL_STATIONS } from './fines.table';
import type { StationsService } from '../stations/stations.service';
import { keysetPage } from '../../db/keyset';
import type { EventRecorder } from '../jobs/domain-events';
import type { WorkScope } from '../workload/workload.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createFinesService(deps: {
  db: Database;
  /** The staff pages' reads (the officer's list and search, the analytics): their own pool (DatabaseHandle.staffReads). */
  staffReads: Database;
  fines: FinesRepository;
  payments: PaymentsService;
  audit: Pick<AuditService, 'record'>;
  events: EventRecorder;
  stations: Pick<StationsService, 'idFor'>;
}) {
  const { db, staffReads, fines, payments, audit, events, stations } = deps;

  async function fineOrNotFound(id: string) {
    const fine = UUID.test(id) ? await fines.findRow(id) : undefined;
    if (!fine) throw appError('fines.not_found');
    return fine;
  }

  return {
    /** Per officer who has issued fines: how many (the workload table's count of a Traffic Fine officer's work). */
    issuedByOfficer: (scope: WorkScope, tx?: DbOrTx) => fines.issuedByOfficer(scope, tx),

    /** A paid checkout for a fine marks the fine paid, in the payment's own transaction (payments' fulfiller). */
    fulfilPayment: (async (payment, tx) => {
      const paid = await fines.markPaid(payment.referenceId, payment, tx);
      if (!paid) return false;
      const receipt = {
        vehicleNumber: paid.vehicleNumber,
        offenseType: paid.offenseType,
        incidentDate: colomboDate(paid.incidentAt),
        paymentReference: paid.paymentReference,
        courtRequired: paid.courtRequired,
      };
      await events.record(tx, {
        type: 'fine.paid',
        payerUserId: payment.payerUserId,
        reference: payment.referenceId,
        amountCents: payment.amountCents,
        receipt,
      });
      return true;
    }) satisfies Fulfiller,

    async issue(
      officer: Pick<Principal, 'userId' | 'username' | 'role' | 'branch' | 'stationId'>,
      input: IssueFineInput,
      issuedAt = new Date(),
    ): Promise<Fine> {
      const incidentAt = colomboLocalToDate(input.incident_date)!;
      const id = await db.transaction(async (tx) => {
        const fineId = await fines.insert(
          {
            citizenIdentityType: input.citizen_identity_type,
            // A NIC in its 12-digit form, as the citizen's account keeps it: either form finds the fine.
            citizenIdentityNumber: normaliseIdentity(input.citizen_identity_type, input.citizen_identity_number),
            vehicleNumber: input.vehicle_number,
            vehicleKey: vehicleSearchKey(input.vehicle_number),
            amountCents: amountToCents(input.amount)!,
            description: input.description ?? null,
            incidentAt,
            incidentLocation: input.incident_location,
            offenseType: input.offense_type,
            speedRecorded: input.speed_recorded,
            speedLimit: input.speed_limit,
            courtRequired: input.court_required,
            dueDate: dueDateFor(issuedAt),
            issuedAt,
            issuedByUserId: officer.userId,
            stationId: officer.stationId,
          },
          tx,
        );
        const summary = { after: { vehicle_number: input.vehicle_number, amount: input.amount, offense_type: input.offense_type } };
        await audit.record({ actor: actorOf(officer), action: 'fine.issue', subject: { type: 'fine', id: fineId }, summary }, tx);
        return fineId;
      });
      return (await fines.findFine(id))!;
    },

    /** A page of the officer's own fines, newest first, with the total and the next page's cursor. */
    async listIssuedBy(officer: Principal, query: z.output<typeof officerFinesQuerySchema>): Promise<OfficerFinesPage> {
      const search = query.search
        ? { vehicleKey: vehicleSearchKey(query.search), plateKey: plateSearchKey(query.search), identityNumber: normaliseIdentitySearch(query.search) }
        : undefined;
      const found = await fines.pageIssuedBy(officer.userId, { search, before: query.before }, OFFICER_FINES_PAGE_SIZE + 1, staffReads);
      const { page, next_cursor } = keysetPage(found.rows, OFFICER_FINES_PAGE_SIZE, (r) => r.cursor);
      return {
        fines: page.map((r) => r.fine),
        total: found.total,
        total_exact: found.totalExact,
        page_size: OFFICER_FINES_PAGE_SIZE,
        next_cursor,
      };
    },

    /** The fines matching all three, as the JSON text of a Fine array (the route sends it as it is). */
    async searchForCitizenJson(query: z.output<typeof fineSearchQuerySchema>): Promise<string> {
      const vehicleKey = vehicleSearchKey(query.vehicle_number);
      const identityNumber = normaliseIdentity(query.identity_type, query.identity_number);
      if (!vehicleKey || !identityNumber) return '[]';
      return fines.searchForCitizenJson(query.identity_type, identityNumber, { vehicleKey, plateKey: plateSearchKey(query.vehicle_number) });
    },

    /** A page of the paid fines of the signed-in citizen's own identity, newest payment first. */
    async history(citizen: Principal, query: z.output<typeof fineHistoryQuerySchema>): Promise<FineHistoryPage> {
      const size = query.page_size;
      if (!citizen.identityType || !citizen.identityNumber) return { fines: [], total: 0, total_exact: true, page_size: size, next_cursor: null };
      const identityNumber = normaliseIdentity(citizen.identityType, citizen.identityNumber);
      const found = await fines.paidHistoryPage(citizen.identityType, identityNumber, { cursor: query.cursor, limit: size + 1 });
      const { page, next_cursor } = keysetPage(found.rows, size, (r) => r.cursor);
      return { fines: page.map((r) => r.fine), ...cappedTotal(found.matched), page_size: size, next_cursor };
    },

    /** Every fine on the signed-in citizen's own identity, paid or not (the export of their data). */
    async allOfCitizen(citizen: Principal): Promise<Fine[]> {
      if (!citizen.identityType || !citizen.identityNumber) return [];
      return fines.allOnIdentity(citizen.identityType, normaliseIdentity(citizen.identityType, citizen.identityNumber));
    },

    /**
     * Starts (or answers again) the fine's one checkout, for the database's amount. Only the citizen whose
     * identity the fine was issued to may pay it; the gateway's page names the violation, not the vehicle.
     */
    async initiatePayment(citizen: Principal, fineId: string) {
      const fine = await fineOrNotFound(fineId);
      const own =
        citizen.identityType === fine.citizenIdentityType &&
        !!citizen.identityNumber &&
        normaliseIdentity(citizen.identityType, citizen.identityNumber) === normaliseIdentity(fine.citizenIdentityType, fine.citizenIdentityNumber);
      if (!own) throw appError('fines.not_yours');
      if (fine.status === 'paid') throw appError('fines.already_paid');
      const { url } = await payments.startCheckout({
        purpose: 'fine',
        referenceId: fine.id,
        amountCents: fine.amountCents,
        description: `Traffic fine: ${fine.offenseType}`,
        payerUserId: citizen.userId,
        metadata: { violation: fine.offenseType },
      });
      return { url };
    },

    /**
     * The success page's call: the fine becomes paid only if the gateway says this citizen's checkout
     * for it is paid. Only the citizen who started a payment for the fine may ask (others get 404).
     */
    async markPaid(citizen: Principal, fineId: string, sessionId?: string): Promise<Fine> {
      const fine = await fineOrNotFound(fineId);
      // Already paid (the webhook came first, or this is a reload): the same receipt again.
      const confirmation = await payments.confirmForPayer(
        { purpose: 'fine', referenceId: fineId, payerUserId: citizen.userId, sessionId },
        { targetPaid: fine.status === 'paid' },
      );
      if (!confirmation) throw appError('fines.not_found');
      if (!confirmation.paid) throw appError('payments.not_paid');
      return (await fines.findFine(fineId))!;
    },

    /** Violations of every type, and the top places and hours of one type when given, for one station or all. */
    async analytics(query: z.output<typeof analyticsQuerySchema>, tx?: DbOrTx): Promise<FineAnalytics> {
      const { offense_type: offenseType, station } = query;
      const stationScope = station ? await stations.idFor(station, null) : ALL_STATIONS;
      const { hours, locations } = await fines.analytics({ stationScope, offenseType }, tx ?? staffReads);
      const byType = new Map<OffenseType, number>();
      const byHour = new Map<number, number>();
      for (const row of hours) {
        byType.set(row.offenseType, (byType.get(row.offenseType) ?? 0) + row.count);
        if (!offenseType || row.offenseType === offenseType) byHour.set(row.hour, (byHour.get(row.hour) ?? 0) + row.count);
      }
      return {
        topViolations: OFFENSE_TYPES.map((t) => ({ offense_type: t, count: byType.get(t) ?? 0 })).sort(
          (a, b) => b.count - a.count || OFFENSE_TYPES.indexOf(a.offense_type) - OFFENSE_TYPES.indexOf(b.offense_type),
        ),
        topLocations: locations.map((l) => ({ incident_location: l.location, count: l.count })),
        hourlyDistribution: Array.from({ length: 24 }, (_, hour) => ({ hour, count: byHour.get(hour) ?? 0 })),
      };
    },
  };
}
export type FinesService = ReturnType<typeof createFinesService>;
