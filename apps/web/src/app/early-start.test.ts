import { SIGNED_IN_HINT_COOKIE } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { earlyRequests } from './early-start.ts';

describe('what a page asks for as its code starts', () => {
  const signedIn = `theme=dark; ${SIGNED_IN_HINT_COOKIE}=1`;

  it('on the dashboard, the session and the patient list together', () => {
    expect(earlyRequests('/', signedIn)).toEqual(['/api/user', '/api/patients']);
    expect(earlyRequests('/', `__Host-${SIGNED_IN_HINT_COOKIE}=1`)).toEqual(['/api/user', '/api/patients']);
  });

  it('elsewhere, the session only: another screen asks for its own data', () => {
    expect(earlyRequests('/ward', signedIn)).toEqual(['/api/user']);
    expect(earlyRequests('/patient/7', signedIn)).toEqual(['/api/user']);
  });

  it('nothing without the signed-in hint: the sign-in page asks for nothing', () => {
    expect(earlyRequests('/', 'theme=dark')).toEqual([]);
    expect(earlyRequests('/auth', '')).toEqual([]);
  });
});
