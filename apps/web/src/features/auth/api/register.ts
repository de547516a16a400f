import { PendingRegistration, type RegisterInput, User } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/register: 201 with the new user, signed in (open registration), or 202 when the
 * account waits for an administrator's approval.
 */
export async function register(input: RegisterInput): Promise<User | PendingRegistration> {
  const res = await apiRequest('POST', '/api/register', input);
  const body = await res.json();
  return res.status === 202 ? PendingRegistration.parse(body) : User.parse(body);
}
