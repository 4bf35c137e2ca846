import type { Branch, IdentityType, Role } from '@pes/contracts';

/** Who is calling, as the verified token and the database say (never request headers). */
export interface Principal {
  userId: number;
  username: string;
  role: Role;
  stationId: number | null;
  station: string | null;
  branch: Branch | null;
  /** A police officer's row (officers.id). */
  officerRowId: number | null;
  /** A police officer's officer ID as the police issue it (the spec's `officerId`). */
  officerCode: string | null;
  identityNumber: string | null;
  identityType: IdentityType | null;
  fullName: string | null;
  /** A citizen's home address (from the profile the principal's lookup joins already); null for staff. */
  address: string | null;
  jti: string;
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
