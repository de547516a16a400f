/**
 * The `tel:` link that dials a stored phone number: a leading "+" is kept, every other non-digit
 * (spaces, brackets, dashes) is dropped, e.g. "+44 20 7946 0123" → "tel:+442079460123" (RFC 3966
 * global numbers carry no visual separators in this form).
 */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
