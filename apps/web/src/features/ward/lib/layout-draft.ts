import type { WardLayout, WardLayoutInput } from '@vigil/domain';

/**
 * The ward layout as the editor holds it while a ward manager changes it. A bay or bed from the
 * stored layout keeps its `id`, so a rename or relabel keeps the bed's patient; new ones have none
 * (the server gives them one). `key` is the editor's own, stable across renames.
 */
export interface BedDraft {
  key: string;
  id?: number;
  label: string;
  /** Who lies in the bed now (shown beside it; the server refuses to remove an occupied bed). */
  patientId: number | null;
}
export interface BayDraft {
  key: string;
  id?: number;
  name: string;
  beds: BedDraft[];
}
export interface LayoutDraft {
  bays: BayDraft[];
  /** The next number for a new bay's or bed's key. */
  nextKey: number;
}

export function draftOf(layout: WardLayout): LayoutDraft {
  return {
    bays: layout.bays.map((bay) => ({
      key: `bay-${bay.id}`,
      id: bay.id,
      name: bay.name,
      beds: bay.beds.map((bed) => ({
        key: `bed-${bed.id}`,
        id: bed.id,
        label: bed.label,
        patientId: bed.patientId,
      })),
    })),
    nextKey: 1,
  };
}

/** PUT /api/ward/layout's body: ids kept, new ones without, removed ones left out. */
export function layoutBody(draft: LayoutDraft): WardLayoutInput {
  return {
    bays: draft.bays.map((bay) => ({
      ...(bay.id === undefined ? {} : { id: bay.id }),
      name: bay.name.trim(),
      beds: bay.beds.map((bed) => ({
        ...(bed.id === undefined ? {} : { id: bed.id }),
        label: bed.label.trim(),
      })),
    })),
  };
}

/** A label for a new bed: the bay's first letter and the next number free on the ward ("A4"). */
export function nextBedLabel(draft: LayoutDraft, bayKey: string): string {
  const bay = draft.bays.find((b) => b.key === bayKey);
  const taken = new Set(draft.bays.flatMap((b) => b.beds.map((bed) => bed.label.trim().toUpperCase())));
  // "Bay A" gives "A", "Side rooms" gives "S": the letter people use for the bay's beds.
  const words = (bay?.name ?? '').trim().split(/\s+/);
  const word = words.length > 1 && words[0]?.toLowerCase() === 'bay' ? words[1] : words[0];
  const first = word?.[0]?.toUpperCase() ?? '';
  const prefix = /\p{L}/u.test(first) ? first : 'B';
  for (let n = (bay?.beds.length ?? 0) + 1; ; n++) {
    if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
  }
}

/** "Bay C" after Bays A and B: the next letter no bay is named after yet. */
function newBayName(draft: LayoutDraft): string {
  const names = new Set(draft.bays.map((bay) => bay.name.trim().toLowerCase()));
  for (let n = draft.bays.length; n < 26; n++) {
    const name = `Bay ${String.fromCharCode(65 + n)}`;
    if (!names.has(name.toLowerCase())) return name;
  }
  return `Bay ${draft.bays.length + 1}`;
}

export type LayoutEdit =
  | { type: 'add-bay' }
  | { type: 'rename-bay'; bayKey: string; name: string }
  | { type: 'remove-bay'; bayKey: string }
  | { type: 'add-bed'; bayKey: string }
  | { type: 'relabel-bed'; bayKey: string; bedKey: string; label: string }
  | { type: 'remove-bed'; bayKey: string; bedKey: string };

const mapBay = (draft: LayoutDraft, bayKey: string, change: (bay: BayDraft) => BayDraft): BayDraft[] =>
  draft.bays.map((bay) => (bay.key === bayKey ? change(bay) : bay));

/** One change the editor makes (a reducer: the draft is never changed in place). */
export function editLayout(draft: LayoutDraft, edit: LayoutEdit): LayoutDraft {
  const key = `new-${draft.nextKey}`;
  switch (edit.type) {
    case 'add-bay':
      return {
        bays: [...draft.bays, { key, name: newBayName(draft), beds: [] }],
        nextKey: draft.nextKey + 1,
      };
    case 'rename-bay':
      return { ...draft, bays: mapBay(draft, edit.bayKey, (bay) => ({ ...bay, name: edit.name })) };
    case 'remove-bay':
      return { ...draft, bays: draft.bays.filter((bay) => bay.key !== edit.bayKey) };
    case 'add-bed': {
      const label = nextBedLabel(draft, edit.bayKey);
      return {
        bays: mapBay(draft, edit.bayKey, (bay) => ({
          ...bay,
          beds: [...bay.beds, { key, label, patientId: null }],
        })),
        nextKey: draft.nextKey + 1,
      };
    }
    case 'relabel-bed':
      return {
        ...draft,
        bays: mapBay(draft, edit.bayKey, (bay) => ({
          ...bay,
          beds: bay.beds.map((bed) => (bed.key === edit.bedKey ? { ...bed, label: edit.label } : bed)),
        })),
      };
    case 'remove-bed':
      return {
        ...draft,
        bays: mapBay(draft, edit.bayKey, (bay) => ({
          ...bay,
          beds: bay.beds.filter((bed) => bed.key !== edit.bedKey),
        })),
      };
  }
}
