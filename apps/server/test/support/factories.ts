import type {
  DeviceReadingInput,
  DeviceReadingsResponse,
  Patient,
  PatientCreateInput,
  User,
} from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { cookieFrom, PASSWORD, uniqueUsername } from '../helpers.ts';

/**
 * Test data made through the API, as a client makes it, so every test makes its own: signed-in
 * users, admitted patients, readings stored by the ingest. Each factory takes where to send its
 * requests: an app (through `inject`) or the base URL of a listening server (through `fetch`).
 */
export type Target = FastifyInstance | string;

interface Answer {
  status: number;
  body: string;
  setCookie: string | string[] | undefined;
}

async function send(
  target: Target,
  method: 'PATCH' | 'POST',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  if (typeof target !== 'string') {
    const res = await target.inject({ method, url: path, headers, payload: body as object });
    return { status: res.statusCode, body: res.body, setCookie: res.headers['set-cookie'] };
  }
  const res = await fetch(`${target}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: await res.text(),
    setCookie: res.headers.get('set-cookie') ?? undefined,
  };
}

function expectStatus(answer: Answer, status: number, what: string) {
  if (answer.status !== status) throw new Error(`${what} failed: ${answer.status} ${answer.body}`);
}

/** A signed-in user: its session cookie (`name=value`, for a Cookie header) and who it is. */
export interface Session {
  cookie: string;
  user: User;
}

/** Registers a new user (a unique name unless given) and returns its session. */
export async function signUp(target: Target, username = uniqueUsername()): Promise<Session> {
  const res = await send(target, 'POST', '/api/register', { username, password: PASSWORD });
  expectStatus(res, 201, 'register');
  return { cookie: cookieFrom(res.setCookie), user: JSON.parse(res.body) as User };
}

/**
 * A well adult's admission: the spec's four vital signs and the rest of a NEWS2 set, each scoring
 * 0 (RCP NEWS2 chart: SpO2 ≥ 96 on air, pulse 51–90, systolic 111–219, 36.1–38.0 °C, RR 12–20, alert).
 */
export const WELL_PATIENT = {
  name: 'Pat Example',
  condition: 'Stable',
  oxygenLevel: 97,
  pulse: 80,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986, // 98.6 °F = 37.0 °C
  respiratoryRate: 16,
  consciousness: 'A',
  onSupplementalOxygen: false,
} as const satisfies PatientCreateInput;

/** Fields of an admission to change; `undefined` leaves a field out. */
export type PatientOverrides = { [K in keyof PatientCreateInput]?: unknown };

/** Admits a patient as the signed-in `cookie`: {@link WELL_PATIENT} with `overrides`. */
export async function admitPatient(
  target: Target,
  cookie: string,
  overrides: PatientOverrides = {},
): Promise<Patient> {
  const res = await send(target, 'POST', '/api/patients', { ...WELL_PATIENT, ...overrides }, { cookie });
  expectStatus(res, 201, 'admit');
  return JSON.parse(res.body) as Patient;
}

/** Who sends readings: a signed-in person, or a device with its token. */
export type Sender = { cookie: string } | { token: string };

export type ReadingFields = z.input<typeof DeviceReadingInput>;

/**
 * Stores readings the way devices and nurses send them, through the ingest
 * (POST /api/device-readings): one, or a batch. Fails unless all are stored.
 */
export async function recordReadings(
  target: Target,
  sender: Sender,
  readings: ReadingFields | ReadingFields[],
): Promise<DeviceReadingsResponse> {
  const headers: Record<string, string> =
    'cookie' in sender ? { cookie: sender.cookie } : { authorization: `Bearer ${sender.token}` };
  const res = await send(target, 'POST', '/api/device-readings', readings, headers);
  expectStatus(res, 201, 'ingest');
  return JSON.parse(res.body) as DeviceReadingsResponse;
}

/** Signs in with a username and password; returns the session. */
export async function signIn(target: Target, username: string, password = PASSWORD): Promise<Session> {
  const res = await send(target, 'POST', '/api/login', { username, password });
  expectStatus(res, 200, 'login');
  return { cookie: cookieFrom(res.setCookie), user: JSON.parse(res.body) as User };
}

/**
 * A signed-in user of `role`: registered (open registration), given the role by an administrator
 * (`adminCookie`), then signed in again so the session carries it.
 */
export async function signUpAs(target: Target, adminCookie: string, role: User['role']): Promise<Session> {
  const created = await signUp(target, uniqueUsername(role.replace('_', '')));
  if (role === created.user.role) return created;
  const res = await send(
    target,
    'PATCH',
    `/api/accounts/${created.user.id}`,
    { role },
    { cookie: adminCookie },
  );
  expectStatus(res, 200, 'role change');
  return { cookie: created.cookie, user: { ...created.user, role } };
}

/**
 * Stores a WHOOP summary of a past window as the server's own poll does (sender `wearable-api`): a
 * wearable summary, which never becomes a current value. Through the ingest directly, since only the
 * server's poll sends these.
 */
export async function storeWearableSummary(
  app: FastifyInstance,
  patientId: number,
  window: { start: string; end: string },
  values: { heartRate?: number; oxygenLevel?: number },
): Promise<void> {
  await app.services.ingest.ingest(
    [
      {
        patientId,
        deviceId: `whoop:1:${patientId}`,
        connectionType: 'WHOOP API',
        readingTime: window.end,
        windowStart: window.start,
        windowEnd: window.end,
        ...values,
      },
    ],
    { userId: null, sender: 'wearable-api', device: null },
  );
}
