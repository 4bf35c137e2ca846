import { colomboDate, myDataFileName, type CloseAccountRequest, type MyDataExport } from '@pes/contracts';
import { appError } from '../../app-error';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/principal';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { SessionsService } from '../auth/sessions.service';
import { accountNotice, type SessionClient } from '../auth/account-notices';
import type { EventRecorder } from '../jobs/domain-events';
import type { ClearanceService } from '../clearance/clearance.service';
import type { ComplaintsService } from '../complaints/complaints.service';
import type { DataViewsService } from '../data-views/data-views.service';
import type { FinesService } from '../fines/fines.service';
import type { PaymentsService } from '../payments/payments.service';
import type { UsersService } from '../users/users.service';

/**
 * A citizen's own account (Personal Data Protection Act 2022): a copy of what the portal keeps about them, which
 * each module contributes through its service from its own indexed queries, and closing the account. It sits
 * above the modules it reads and nothing imports it.
 */
export function createAccountService(deps: {
  db: Database;
  users: Pick<UsersService, 'details' | 'lockActive' | 'deactivate'>;
  sessions: Pick<SessionsService, 'reauthenticate' | 'endAll' | 'forgetUser'>;
  complaints: Pick<ComplaintsService, 'allForCitizen'>;
  clearance: Pick<ClearanceService, 'exportForCitizen'>;
  fines: Pick<FinesService, 'allOfCitizen'>;
  payments: Pick<PaymentsService, 'listForPayer'>;
  audit: Pick<AuditService, 'record'>;
  dataViews: Pick<DataViewsService, 'allOf'>;
  /** The owner hears that the account was closed (account notices). */
  events: EventRecorder;
}) {
  const { db, users, sessions, audit } = deps;

  const citizenOnly = (principal: Principal) => {
    if (principal.role !== 'citizen') throw appError('account.citizens_only');
  };

  return {
    /** Everything kept about the citizen that is theirs to read: their profile (no password, no secret), complaints with their status history, clearance applications, the fines on their identity, their payments, and every time staff opened their data. */
    async exportData(principal: Principal, now = new Date()): Promise<{ fileName: string; data: MyDataExport }> {
      citizenOnly(principal);
      const [details, complaints, clearance, fines, payments, dataViews] = await Promise.all([
        users.details(principal.userId),
        deps.complaints.allForCitizen(principal),
        deps.clearance.exportForCitizen(principal),
        deps.fines.allOfCitizen(principal),
        deps.payments.listForPayer(principal.userId),
        deps.dataViews.allOf(principal.userId),
      ]);
      // A citizen has no officer part: the profile is the account and its citizen profile.
      const profile = {
        id: details.id,
        username: details.username,
        role: details.role,
        station: details.station,
        created_at: details.created_at,
        citizen: details.citizen,
      };
      return {
        fileName: myDataFileName(colomboDate(now)),
        data: { exported_at: now.toISOString(), profile, complaints, clearance_applications: clearance, fines, payments, data_views: dataViews },
      };
    },

    /**
     * Closes the citizen's own account, as an administrator's deletion does: no sign-in any more, every session ended
     * (on every instance), records kept; audited. The current password is asked again first; a wrong one changes nothing.
     */
    async close(principal: Principal, input: CloseAccountRequest, client: SessionClient = {}) {
      citizenOnly(principal);
      await sessions.reauthenticate(principal, input.password);
      await db.transaction(async (tx) => {
        const account = await users.lockActive(principal.userId, tx);
        if (!account) throw appError('auth.unauthenticated');
        await users.deactivate(principal.userId, tx);
        const ended = await sessions.endAll(principal.userId, tx);
        const summary = { before: { username: account.username, role: account.role, active: true }, after: { active: false }, sessions_ended: ended.length };
        await audit.record({ actor: actorOf(principal), action: 'account.close', subject: { type: 'user', id: principal.userId }, summary }, tx);
        await deps.events.record(tx, accountNotice('closed', { id: principal.userId, username: account.username }, client));
      });
      sessions.forgetUser(principal.userId);
      return { closed: true as const };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
