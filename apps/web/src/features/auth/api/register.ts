import { type RegisterInput, User } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/register; the server answers 201 with the new user and signs them in. */
export async function register(input: RegisterInput): Promise<User> {
  const res = await apiRequest('POST', '/api/register', input);
  return User.parse(await res.json());
}
