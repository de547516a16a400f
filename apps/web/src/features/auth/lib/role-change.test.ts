import { describe, expect, it } from 'vitest';
import { roleChangeSummary } from './role-change.ts';

describe('what a role change does, said before it happens', () => {
  it('names the person, both roles and that it applies now everywhere', () => {
    const summary = roleChangeSummary('Nora', 'nurse', 'auditor');
    expect(summary.title).toBe("Change Nora's role to Auditor?");
    expect(summary.effect).toBe(
      'Nora becomes Auditor instead of Nurse now, on every device where they are signed in.',
    );
    expect(summary.losses).toEqual([
      'open the ward and patient records',
      'admit patients',
      'change patient records',
      'record observations',
      'write notes, treatments, medications and contacts',
      'link devices and wearables',
      'acknowledge alerts',
      'give and accept handovers',
    ]);
    expect(summary.gains).toEqual(['read the audit trail', 'export the audit trail']);
  });

  it('lists nothing lost when a nurse becomes a ward manager', () => {
    const summary = roleChangeSummary('Sam', 'nurse', 'ward_manager');
    expect(summary.losses).toEqual([]);
    expect(summary.gains).toEqual([
      'read the audit trail',
      "set the ward's alert deadlines",
      "lay out the ward's beds and shifts",
      'assign patients to nurses',
    ]);
  });

  it('a doctor and a nurse hold the same permissions', () => {
    expect(roleChangeSummary('Ali', 'doctor', 'nurse')).toMatchObject({ gains: [], losses: [] });
  });
});
