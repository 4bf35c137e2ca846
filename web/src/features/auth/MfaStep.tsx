import type { MfaChallenge } from '@pes/contracts';
import { MfaSetup } from './MfaSetup';
import { MfaVerify } from './MfaVerify';

/** The second factor's step after a staff password: set-up on the first sign-in, a code afterwards. */
export function MfaStep({ challenge, onRestart }: { challenge: MfaChallenge; onRestart: () => void }) {
  return challenge.mfa === 'setup' ? (
    <MfaSetup token={challenge.mfa_token} onRestart={onRestart} />
  ) : (
    <MfaVerify token={challenge.mfa_token} onRestart={onRestart} />
  );
}
