import { type Account, type Permission, permissionsOfRole, type Role, type User } from '@vigil/domain';
import type { AccountRow } from './repository.ts';

/**
 * The signed-in person as the API answers it: with their role's permissions, and those they hold
 * for now only (`granted`: the nurse in charge's while their shift runs).
 */
export function toUser(
  row: { id: number; username: string; role: Role; mustChangePassword: boolean },
  granted: readonly Permission[] = [],
): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    permissions: [...new Set([...permissionsOfRole(row.role), ...granted])],
    mustChangePassword: row.mustChangePassword,
  };
}

/** An account as the administrators' list shows it; never its password hash. */
export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    mustChangePassword: row.mustChangePassword,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
