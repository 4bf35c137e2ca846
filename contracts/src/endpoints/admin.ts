import {
  adminCitizenComplaintsSchema,
  adminUserDetailsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerificationSchema,
  auditVerifyQuerySchema,
  deleteUserResponseSchema,
  reactivateUserResponseSchema,
  workloadQuerySchema,
  workloadResponseSchema,
} from '../admin';
import { complaintIdParamSchema, complaintPageQuerySchema, complaintPageSchema, complaintSchema } from '../complaints';
import {
  adminSlotListSchema,
  adminSlotSchema,
  adminSlotsQuerySchema,
  assignOfficerRequestSchema,
  createSlotRequestSchema,
  publicSlotListSchema,
  publicSlotsQuerySchema,
  slotIdParamSchema,
  slotOfficerParamSchema,
} from '../slots';
import { okResponseSchema } from '../auth';
import {
  identityCollisionSchema,
  identityCollisionsPageSchema,
  identityCollisionsQuerySchema,
  resolveIdentityCollisionRequestSchema,
} from '../identity-collisions';
import { createOfficerRequestSchema, createOfficerResponseSchema, officerSearchQuerySchema, officerSearchResultListSchema } from '../users';
import { endpoint } from './define';

/** A user's id in the path: a positive 32-bit integer (anything else is 400, not a database error). */
const userIdParamSchema = complaintIdParamSchema;

export const adminEndpoints = {
  createOfficer: endpoint({
    method: 'POST',
    path: '/admin/users/create-officer',
    body: createOfficerRequestSchema,
    status: 201,
    answer: createOfficerResponseSchema,
  }),
  searchOfficers: endpoint({
    method: 'GET',
    path: '/admin/police-officers/search',
    query: officerSearchQuerySchema,
    status: 200,
    answer: officerSearchResultListSchema,
  }),
  users: endpoint({ method: 'GET', path: '/admin/users', query: adminUsersQuerySchema, status: 200, answer: adminUsersPageSchema }),
  user: endpoint({ method: 'GET', path: '/admin/users/:id', params: userIdParamSchema, status: 200, answer: adminUserDetailsSchema }),
  reactivateUser: endpoint({
    method: 'POST',
    path: '/admin/users/:id/reactivate',
    params: userIdParamSchema,
    status: 200,
    answer: reactivateUserResponseSchema,
  }),
  /** Ends an officer's or administrator's second factor (audited): they set it up again at their next sign-in. */
  resetMfa: endpoint({ method: 'POST', path: '/admin/users/:id/reset-mfa', params: userIdParamSchema, status: 200, answer: reactivateUserResponseSchema }),
  deleteUser: endpoint({ method: 'DELETE', path: '/admin/users/:id', params: userIdParamSchema, status: 200, answer: deleteUserResponseSchema }),
  userComplaints: endpoint({
    method: 'GET',
    path: '/admin/users/:id/complaints',
    params: userIdParamSchema,
    status: 200,
    answer: adminCitizenComplaintsSchema,
  }),
  /** A page of the complaints booked into the slots an officer serves, newest submitted first (as complaints.mine pages). */
  assignedComplaints: endpoint({
    method: 'GET',
    path: '/admin/users/:id/assigned-complaints',
    params: userIdParamSchema,
    query: complaintPageQuerySchema,
    status: 200,
    answer: complaintPageSchema,
  }),
  /** Pairs of accounts that share one identity number (listed when NICs were normalised), open ones first in id order. */
  identityCollisions: endpoint({
    method: 'GET',
    path: '/admin/identity-collisions',
    query: identityCollisionsQuerySchema,
    status: 200,
    answer: identityCollisionsPageSchema,
  }),
  /** Resolves a pair: deactivates one of its accounts, or records that both were looked at and kept (audited). */
  resolveIdentityCollision: endpoint({
    method: 'POST',
    path: '/admin/identity-collisions/:id/resolve',
    params: userIdParamSchema,
    body: resolveIdentityCollisionRequestSchema,
    status: 200,
    answer: identityCollisionSchema,
  }),
  complaint: endpoint({ method: 'GET', path: '/admin/complaints/:id', params: complaintIdParamSchema, status: 200, answer: complaintSchema }),
  workload: endpoint({ method: 'GET', path: '/admin/officer-workload', query: workloadQuerySchema, status: 200, answer: workloadResponseSchema }),
  auditLog: endpoint({ method: 'GET', path: '/admin/audit-log', query: auditQuerySchema, status: 200, answer: auditPageSchema }),
  /** Where the verification of the hash chain stands (stored by its jobs; nothing is walked here). */
  verifyAuditLog: endpoint({ method: 'GET', path: '/admin/audit-log/verify', query: auditVerifyQuerySchema, status: 200, answer: auditVerificationSchema }),
  /** Asks for a full walk of the chain now (a job); while one is asked for or running, nothing more. */
  requestAuditFullWalk: endpoint({ method: 'POST', path: '/admin/audit-log/verify/full-walk', status: 202, answer: auditVerificationSchema }),
};

export const slotsEndpoints = {
  publicList: endpoint({ method: 'GET', path: '/slots/public', query: publicSlotsQuerySchema, status: 200, answer: publicSlotListSchema }),
  adminList: endpoint({ method: 'GET', path: '/admin/slots', query: adminSlotsQuerySchema, status: 200, answer: adminSlotListSchema }),
  create: endpoint({ method: 'POST', path: '/admin/slots', body: createSlotRequestSchema, status: 201, answer: adminSlotSchema }),
  remove: endpoint({ method: 'DELETE', path: '/admin/slots/:id', params: slotIdParamSchema, status: 200, answer: okResponseSchema }),
  assignOfficer: endpoint({
    method: 'POST',
    path: '/admin/slots/:id/assign-officer',
    params: slotIdParamSchema,
    body: assignOfficerRequestSchema,
    status: 200,
    answer: adminSlotSchema,
  }),
  removeOfficer: endpoint({
    method: 'DELETE',
    path: '/admin/slots/:id/remove-officer/:officerRowId',
    params: slotOfficerParamSchema,
    status: 200,
    answer: adminSlotSchema,
  }),
};
