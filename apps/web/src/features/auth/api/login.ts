import { type LoginInput, User } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/login. `rememberMe: true` asks for a persistent session ("Keep me signed in"). */
export async function login(input: LoginInput): Promise<User> {
  const res = await apiRequest('POST', '/api/login', input);
  return User.parse(await res.json());
}
