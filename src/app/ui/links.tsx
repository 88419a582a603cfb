import { Link } from '@chakra-ui/react';
import { hasEmail } from '../../domain/jobs';
import { touchTarget } from './theme';

/** The digits (and a leading +) a tel: link dials. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** An email shown as a mail link (SPEC §2 Job table: "shown as mail and phone links"); nothing when there is none. */
export function MailLink({ email }: { email: unknown }) {
  if (!hasEmail(email)) return null;
  return (
    // a long address breaks anywhere rather than push its column (and the page) past a tablet's width
    <Link href={`mailto:${email.trim()}`} color="blue.700" minH="8" css={touchTarget} overflowWrap="anywhere">
      {email}
    </Link>
  );
}

/** A contact number shown as a phone link; nothing when there is none. */
export function TelLink({ phone }: { phone: unknown }) {
  const text = String(phone ?? '').trim();
  if (!text) return null;
  return (
    <Link href={telHref(text)} color="blue.700" minH="8" css={touchTarget}>
      {text}
    </Link>
  );
}
