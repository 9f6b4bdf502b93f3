import { isVerificationResolved, type EmailVerificationDetail } from '@leadforge/contracts';
import { useGetEmailsStatus } from '../api/get-emails-status';

/**
 * The freshest known state of one verification: while it is in_progress or greylist the status
 * call is re-polled every 10 s, and its answer replaces the first one once it arrives.
 */
export function useResolvedVerification(result: EmailVerificationDetail | null): EmailVerificationDetail | null {
  const unresolved = result !== null && !isVerificationResolved(result.status);
  const polled = useGetEmailsStatus(unresolved ? [result.id] : []);
  if (!result) return null;
  return polled.data?.items.find((item) => item.id === result.id) ?? result;
}
