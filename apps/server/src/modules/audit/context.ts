import type { FastifyRequest } from 'fastify';

/** Who did it and from where: the "agent" and "source" of an audit event (FHIR AuditEvent). */
export interface AuditActor {
  userId: number | null;
  username: string | null;
  role: string | null;
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
  /**
   * Set for a request to a route that needs no session (declared public or webhook): its refusals
   * are tallied per address and window rather than written one row each (decision 030). `recorded`
   * says one was, so the access plugin does not tally the refused answer again.
   */
  withoutSession?: { recorded: boolean };
}

const MAX_USER_AGENT = 512;

/** The actor of a request: the signed-in person (if any), the client address, agent and request id. */
export function actorOf(request: FastifyRequest): AuditActor {
  const agent = request.headers['user-agent'];
  return {
    userId: request.user?.id ?? null,
    username: request.user?.username ?? null,
    role: request.user?.role ?? null,
    address: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null,
    requestId: request.id ?? null,
    ...(request.withoutSession ? { withoutSession: request.withoutSession } : {}),
  };
}

/** A request's actor with another person as the agent (a sign-in, before the session exists). */
export const asUser = (
  actor: AuditActor,
  user: { id: number; username: string; role: string } | null,
): AuditActor => ({
  ...actor,
  userId: user?.id ?? null,
  username: user?.username ?? null,
  role: user?.role ?? null,
});

/**
 * The server itself as the actor of what it does in the background or on a device's behalf (a
 * timer's escalation, a lease sweep, a token family revoked on reuse): no person, no address, and
 * named as such in the trail ("system — server"), never an "unknown" person.
 */
export const SERVER_ACTOR: AuditActor = {
  userId: null,
  username: 'system — server',
  role: null,
  address: null,
  userAgent: 'vigil-server',
  requestId: null,
};

/**
 * The server as the actor of one of its jobs, named in the trail as "system — alert timer": a
 * reader sees what acted, where a row without a person read "unknown". (A username never holds a
 * space or a dash of this kind, so no person's name can pass for it.)
 */
export const systemActor = (job: string): AuditActor => ({
  ...SERVER_ACTOR,
  username: `system — ${job}`,
  userAgent: `vigil-server: ${job}`,
});
