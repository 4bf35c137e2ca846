/**
 * The audit chain for scripts (a build entry of its own, dist/audit-chain-tools.js): the national benchmark's data
 * generator computes a valid chain for the entries it loads in bulk (`chainBatch`, batch by batch, carrying the
 * cursor), and bench/audit-verification.mjs measures the verification jobs on such a chain.
 */
import { openAppDatabase } from './database';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createChainVerifier } from './modules/audit/audit.verification';
import { createVerificationRepository } from './modules/audit/audit.verification.repository';

export { chainBatch, CHAIN_START, GENESIS_HASH, microsOf, type ChainLink, type UnchainedEntry } from './modules/audit/audit.chain';
export { resetAuditVerificationSql } from './modules/audit/audit.verification.repository';
export { VERIFY_BATCH } from './modules/audit/audit.verification';

/** The database at `databaseUrl`, migrated, with the verification's jobs as functions to run and time. */
export async function openAuditVerification(databaseUrl: string) {
  const database = await openAppDatabase({ databaseUrl, poolSize: 2 });
  const state = createVerificationRepository(database.db);
  const verifier = createChainVerifier({ audit: createAuditRepository(database.db), state });
  return {
    step: () => verifier.step(),
    fullWalk: () => verifier.fullWalk(),
    state: () => state.state(),
    close: () => database.close(),
  };
}
