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
    permissions: permissionsFor(row.role, granted),
    mustChangePassword: row.mustChangePassword,
  };
}

/**
 * One list for each role and grant, shared: every signed-in request builds its user from the cached
 * session, and an open event stream keeps its request's user for its life. Frozen, so no holder can
 * change another's. The grants are few (a nurse in charge's), so the lists are.
 */
const permissionLists = new Map<string, Permission[]>();
function permissionsFor(role: Role, granted: readonly Permission[]): Permission[] {
  const key = granted.length === 0 ? role : `${role}+${granted.join('+')}`;
  let list = permissionLists.get(key);
  if (!list) {
    list = Object.freeze([...new Set([...permissionsOfRole(role), ...granted])]) as Permission[];
    permissionLists.set(key, list);
  }
  return list;
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
