import { SECOND_FACTOR_ROLES, type SecondFactorPending } from '@kxt/contracts/accounts';
import type { Role } from '@kxt/contracts/roles';

export const secondFactorRequired = (role: Role): boolean =>
  (SECOND_FACTOR_ROLES as readonly Role[]).includes(role);

/**
 * What a session still owes before it may do anything else: an enrolled user gives a code after the password
 * (`verify`); an admin or finance user without a second factor enrols first (`enrol`). Decided on every request,
 * so a user made admin meanwhile must enrol at once, and a reset second factor takes effect at once.
 */
export function pendingSecondFactor(
  user: { role: Role; totp_confirmed_at: string | null },
  session: { second_factor_at: string | null },
): SecondFactorPending | null {
  if (session.second_factor_at) return null;
  if (user.totp_confirmed_at) return 'verify';
  return secondFactorRequired(user.role) ? 'enrol' : null;
}
