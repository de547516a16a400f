import { QueryBuilder } from 'drizzle-orm/pg-core';
import { readView } from '../../db/read-view.ts';
import { users } from './schema.ts';

// What other modules may read of this module's tables (decision 041): who a person is and what
// they may do, never how they sign in (no password hash, no name keys, no session). Each reader is
// joined into the caller's own query, so owning the read adds no round trip.

const qb = new QueryBuilder();

/**
 * People as other modules join them: id, name, role, status and whether a password change is due.
 * `as` names the join (two people on one row, the giver and the receiver of a handover, are two
 * joins).
 */
export const people = (as: string) =>
  readView(
    qb
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        status: users.status,
        mustChangePassword: users.mustChangePassword,
      })
      .from(users),
    as,
  );

/** SQL text: the name of the person whose id is `idExpression` (null for none), for hand-written statements. */
export const usernameOf = (idExpression: string) =>
  `(select u.username from users u where u.id = ${idExpression})`;

/** SQL text: people as `people` has them, a from-item named `as`, for hand-written statements. */
export const peopleFrom = (as: string) =>
  `(select id, username, role, status, must_change_password from users) ${as}`;
