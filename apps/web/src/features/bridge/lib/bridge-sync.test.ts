import type { BridgeAction } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client.ts';
import { type SyncSteps, syncDeviceToPatient } from './bridge-sync.ts';
import { bridgeDevice } from './test-fixtures.ts';

const ENDPOINT = 'http://127.0.0.1:5000/api/device-readings';
const REAL = { id: 3, name: 'Ada Real' };

/** Vigil and the bridge as "Sync Data to Cloud" meets them, recording each step. */
function steps(refuse: Partial<Record<'link' | 'token' | 'send', Error>> = {}) {
  const done: string[] = [];
  const api: SyncSteps = {
    async createLink(input) {
      done.push(`link ${input.connectionType} → ${input.patientId}`);
      if (refuse.link) throw refuse.link;
      return { id: 41 };
    },
    async endLink(id) {
      done.push(`end link ${id}`);
    },
    async createToken(input) {
      done.push(`token → ${input.patientId}`);
      if (refuse.token) throw refuse.token;
      return { id: 9, token: 'vgl_dev_x', expiresAt: '2026-04-01T00:00:00.000Z' };
    },
    async revokeToken(id) {
      done.push(`revoke token ${id}`);
    },
    send(action: BridgeAction) {
      done.push(`send ${action.type}`);
      if (refuse.send) throw refuse.send;
    },
  };
  return { api, done };
}

describe('no device token for a refused link (issue 40 item 7)', () => {
  it('asks for the link first: refused (a simulated device on a real patient), no token is issued', async () => {
    const refused = new HttpError(
      409,
      '409: A real patient never takes simulated values',
      'A real patient never takes simulated values',
      '',
      'SIMULATION_REAL_PATIENT',
    );
    const { api, done } = steps({ link: refused });
    const outcome = await syncDeviceToPatient(api, bridgeDevice({ simulated: true }), REAL, ENDPOINT);
    expect(done).toEqual(['link Simulation → 3']);
    expect(outcome).toEqual({
      ok: false,
      message:
        'Simulated Heart Rate Monitor cannot feed Ada Real: A real patient never takes simulated values',
    });
  });

  it('links, then issues the token, then hands it to the bridge', async () => {
    const { api, done } = steps();
    const device = bridgeDevice({ simulated: false, id: 'c0ffee', name: 'Polar H10' });
    expect(await syncDeviceToPatient(api, device, REAL, ENDPOINT)).toEqual({ ok: true, linkId: 41 });
    expect(done).toEqual(['link Bridge → 3', 'token → 3', 'send sendToCloud']);
  });

  it('ends the link when no token comes, and ends both when the bridge cannot take them', async () => {
    const noToken = steps({ token: new Error('offline') });
    expect((await syncDeviceToPatient(noToken.api, bridgeDevice(), REAL, ENDPOINT)).ok).toBe(false);
    expect(noToken.done).toEqual(['link Simulation → 3', 'token → 3', 'end link 41']);
    const noBridge = steps({ send: new Error('The bridge is not connected') });
    expect((await syncDeviceToPatient(noBridge.api, bridgeDevice(), REAL, ENDPOINT)).ok).toBe(false);
    expect(noBridge.done.slice(3).sort()).toEqual(['end link 41', 'revoke token 9']);
  });
});
