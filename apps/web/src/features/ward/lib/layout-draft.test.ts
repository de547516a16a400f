import type { WardLayout } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { draftOf, editLayout, type LayoutDraft, layoutBody, nextBedLabel } from './layout-draft.ts';

const layout: WardLayout = {
  bays: [
    {
      id: 1,
      name: 'Bay A',
      beds: [
        { id: 11, label: 'A1', patientId: 5 },
        { id: 12, label: 'A2', patientId: null },
      ],
    },
    { id: 2, name: 'Side rooms', beds: [{ id: 21, label: 'SR1', patientId: null }] },
  ],
};

const apply = (draft: LayoutDraft, ...edits: Parameters<typeof editLayout>[1][]) =>
  edits.reduce(editLayout, draft);

describe('the layout editor', () => {
  it('sends the stored layout back unchanged, with every id', () => {
    expect(layoutBody(draftOf(layout))).toEqual({
      bays: [
        {
          id: 1,
          name: 'Bay A',
          beds: [
            { id: 11, label: 'A1' },
            { id: 12, label: 'A2' },
          ],
        },
        { id: 2, name: 'Side rooms', beds: [{ id: 21, label: 'SR1' }] },
      ],
    });
  });

  it('keeps the ids of renamed bays and relabelled beds, so their patients stay', () => {
    const draft = apply(
      draftOf(layout),
      { type: 'rename-bay', bayKey: 'bay-1', name: '  Bay North ' },
      { type: 'relabel-bed', bayKey: 'bay-1', bedKey: 'bed-11', label: 'N1' },
    );
    expect(layoutBody(draft).bays[0]).toEqual({
      id: 1,
      name: 'Bay North',
      beds: [
        { id: 11, label: 'N1' },
        { id: 12, label: 'A2' },
      ],
    });
  });

  it('adds bays and beds without ids, and leaves removed ones out', () => {
    const draft = apply(
      draftOf(layout),
      { type: 'add-bed', bayKey: 'bay-1' },
      { type: 'remove-bed', bayKey: 'bay-1', bedKey: 'bed-12' },
      { type: 'remove-bay', bayKey: 'bay-2' },
      { type: 'add-bay' },
    );
    const newBay = draft.bays[1]!;
    const withBed = editLayout(draft, { type: 'add-bed', bayKey: newBay.key });
    expect(layoutBody(withBed)).toEqual({
      bays: [
        {
          id: 1,
          name: 'Bay A',
          beds: [{ id: 11, label: 'A1' }, { label: 'A3' }],
        },
        { name: 'Bay B', beds: [{ label: 'B1' }] },
      ],
    });
    // Every new bay and bed has its own key, for React and for later edits.
    const keys = withBed.bays.flatMap((bay) => [bay.key, ...bay.beds.map((bed) => bed.key)]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names a new bed after its bay, with the next number free on the ward', () => {
    const draft = draftOf(layout);
    expect(nextBedLabel(draft, 'bay-1')).toBe('A3');
    expect(nextBedLabel(draft, 'bay-2')).toBe('S2');
    const clash = editLayout(draft, { type: 'relabel-bed', bayKey: 'bay-2', bedKey: 'bed-21', label: 'a3' });
    expect(nextBedLabel(clash, 'bay-1')).toBe('A4');
  });
});
