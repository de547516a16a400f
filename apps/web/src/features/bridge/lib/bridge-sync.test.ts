import type { BridgeAction } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client.ts';
import { makeDeviceLink } from '@/test/device-link-factory.ts';
import { bridgeLinkOf, type SyncSteps, syncDeviceToPatient } from './bridge-sync.ts';
import { bridgeDevice } from './test-fixtures.ts';

const ENDPOINT = 'http://127.0.0.1:5000/api/device-readings';
const REAL = { id: 3, name: 'Ada Real' };

/** Vigil and the bridge as "Sync Data to Cloud" meets them, recording each step. */
function steps(refuse: Partial<Record<'issue' | 'send', Error>> = {}) {
  const done: string[] = [];
  const api: SyncSteps = {
    async issueToken(input) {
      done.push(
        `token and link ${input.device?.connectionType} ${input.device?.deviceId} → ${input.patientId}`,
      );
      if (refuse.issue) throw refuse.issue;
      return { id: 9, token: 'vgl_dev_x', expiresAt: '2026-04-01T00:00:00.000Z', link: { id: 41 } };
    },
    async endLink(id) {
      done.push(`end link ${id}`);
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

describe('the server links the device as it issues its token (issue 39 item 4)', () => {
  it('one request: a refused link (a simulated device on a real patient) issues no token', async () => {
    const refused = new HttpError(
      409,
      '409: A real patient never takes simulated values',
      'A real patient never takes simulated values',
      '',
      'SIMULATION_REAL_PATIENT',
    );
    const { api, done } = steps({ issue: refused });
    const outcome = await syncDeviceToPatient(api, bridgeDevice({ simulated: true }), REAL, ENDPOINT);
    expect(done).toEqual(['token and link Simulation sim-hr-0001 → 3']);
    expect(outcome).toEqual({
      ok: false,
      message:
        'Simulated Heart Rate Monitor cannot feed Ada Real: A real patient never takes simulated values',
    });
  });

  it('asks for the token naming the device, then hands the token to the bridge', async () => {
    const { api, done } = steps();
    const device = bridgeDevice({ simulated: false, id: 'c0ffee', name: 'Polar H10' });
    expect(await syncDeviceToPatient(api, device, REAL, ENDPOINT)).toEqual({ ok: true });
    expect(done).toEqual(['token and link Bridge c0ffee → 3', 'send sendToCloud']);
  });

  it('says so when no token comes, and ends the link and the token when the bridge cannot take them', async () => {
    const noToken = steps({ issue: new Error('offline') });
    expect(await syncDeviceToPatient(noToken.api, bridgeDevice(), REAL, ENDPOINT)).toEqual({
      ok: false,
      message: 'Could not get a device token for Ada Real: offline',
    });
    const noBridge = steps({ send: new Error('The bridge is not connected') });
    expect((await syncDeviceToPatient(noBridge.api, bridgeDevice(), REAL, ENDPOINT)).ok).toBe(false);
    expect(noBridge.done.slice(2).sort()).toEqual(['end link 41', 'revoke token 9']);
  });
});

describe("a bridge device's link is read from the server", () => {
  it('finds the active bridge or simulation link of the device, never a Bluetooth one or an ended one', () => {
    const links = [
      makeDeviceLink({ id: 1, deviceId: 'c0ffee', connectionType: 'Bluetooth' }),
      makeDeviceLink({
        id: 2,
        deviceId: 'c0ffee',
        connectionType: 'Bridge',
        endedAt: '2026-03-02T08:00:00.000Z',
      }),
      makeDeviceLink({ id: 3, deviceId: 'c0ffee', connectionType: 'Bridge' }),
    ];
    expect(bridgeLinkOf(links, 'c0ffee')?.id).toBe(3);
    expect(bridgeLinkOf(links.slice(0, 2), 'c0ffee')).toBeUndefined();
  });
});
