import {
  ALERT_CONDITION_LABELS,
  ALERT_PRIORITY_LABELS,
  type DeviceLostReason,
  DIASTOLIC_BP,
  displayPatientId,
  ESCALATION_LABELS,
  formatVitalInText,
  news2Series,
  type Spo2Scale,
  type Spo2ScaleChange,
  SYSTOLIC_BP,
  spo2ScaleAt,
  TIMELINE_TYPE_CATEGORIES,
  type TimelineEntry,
  type TimelineType,
  VITAL_SIGNS,
  type VitalSign,
} from '@vigil/domain';
import type { PatientRepository } from './repository.ts';

type TimelineSources = Awaited<ReturnType<PatientRepository['timelineSources']>>;
type Observation = TimelineSources['observations'][number];

/** The most entries a timeline answers, newest first. */
export const TIMELINE_MAX_ENTRIES = 1000;

/**
 * When two entries share a time (an admission and its first observations, a treatment given and its
 * alert resolved), the one that happened first in the stay's logic reads first (lower rank).
 */
const ORDER: readonly TimelineType[] = [
  'admitted',
  'observations',
  'observations-entered-in-error',
  'vitals-updated',
  'bed-assigned',
  'condition-changed',
  'spo2-scale-changed',
  'alert-raised',
  'alert-escalated',
  'alert-acknowledged',
  'alert-resolved',
  'device-linked',
  'device-lost',
  'device-unlinked',
  'note',
  'treatment-completed',
  'medication-added',
  'medication-changed',
  'medication-removed',
  'handover-given',
  'handover-accepted',
  'bed-moved',
  'discharged',
];
const RANK = new Map(ORDER.map((type, i) => [type, i]));

const iso = (d: Date) => d.toISOString();

function entry(
  type: TimelineType,
  id: string,
  date: Date,
  title: string,
  description: string,
  by: string | null,
  extra: Partial<Pick<TimelineEntry, 'news2' | 'correction'>> = {},
): TimelineEntry {
  return {
    id,
    type,
    category: TIMELINE_TYPE_CATEGORIES[type],
    date: iso(date),
    title,
    description,
    by,
    news2: extra.news2 ?? null,
    correction: extra.correction ?? null,
  };
}

const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/**
 * A patient's history timeline: every event of the stay, newest first — the admission, bed moves and
 * discharge, condition and SpO2-scale changes, each observation set with its NEWS2 (scored here, on
 * the server, with the domain's series; a set entered in error is marked with who corrected it),
 * alerts raised, acknowledged (by whom), escalated and resolved, notes, treatments given, medications
 * added, changed or removed, devices linked, lost and disconnected, and handovers given and accepted.
 * Each entry names who did it. `spo2Scale` is the patient's scale now.
 */
export function timelineOf(id: number, src: TimelineSources, spo2Scale: Spo2Scale): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const observationTimes = new Set(src.observations.map((o) => o.reading.readingTime.getTime()));

  for (const e of src.events) {
    const data = e.data as Record<string, unknown>;
    const by = e.createdByName;
    const key = `event-${e.id}`;
    switch (e.type) {
      case 'admitted':
        entries.push(
          entry(
            'admitted',
            key,
            e.createdAt,
            'Admitted',
            `Admitted to the ward as ${String(data.condition ?? 'a new patient')} (ID ${displayPatientId(id)}).`,
            by,
          ),
        );
        break;
      case 'condition-changed':
        entries.push(
          entry(
            'condition-changed',
            key,
            e.createdAt,
            `Condition changed to ${String(data.to)}`,
            `Condition changed from ${String(data.from)} to ${String(data.to)}${by ? ` by ${by}` : ''}.`,
            by,
          ),
        );
        break;
      case 'vitals-updated':
        // An edit's values are an observation set now (decision 029), shown as such: the event
        // stands only for an edit from before then, which stored no reading.
        if (observationTimes.has(e.createdAt.getTime())) break;
        entries.push(
          entry('vitals-updated', key, e.createdAt, 'Vital signs updated', describeVitalChanges(data), by),
        );
        break;
      case 'medication-changed':
        entries.push(
          entry(
            'medication-changed',
            key,
            e.createdAt,
            `Medication changed: ${String(data.name)}`,
            describeMedicationChange(data),
            by,
          ),
        );
        break;
      case 'medication-removed':
        entries.push(
          entry(
            'medication-removed',
            key,
            e.createdAt,
            `Medication removed: ${String(data.name)}`,
            `${String(data.name)} ${String(data.dosage ?? '')}, ${String(data.frequency ?? '')} removed from the schedule.`.replace(
              /\s+,/g,
              ',',
            ),
            by,
          ),
        );
        break;
    }
  }

  // The SpO2 scale's changes (their own table, issue 39): each an entry, and the scale each set is scored on.
  const scaleChanges = src.scaleChanges.map(
    ({ change: c }): Spo2ScaleChange => ({ at: c.changedAt, from: c.fromScale, to: c.toScale }),
  );
  for (const { change: c, byName } of src.scaleChanges) {
    entries.push(
      entry(
        'spo2-scale-changed',
        `spo2-scale-${c.id}`,
        c.changedAt,
        `SpO2 scale ${c.toScale} in force`,
        `NEWS2 scores SpO2 on scale ${c.toScale} from now (was scale ${c.fromScale}).`,
        byName,
      ),
    );
  }
  entries.push(...observationEntries(src.observations, spo2ScaleAt(scaleChanges, spo2Scale)));

  for (const { alert: a, acknowledgedByName } of src.alerts) {
    const what = a.kind === 'clinical' ? `${ALERT_PRIORITY_LABELS[a.priority]} alert` : 'Technical alert';
    const condition = ALERT_CONDITION_LABELS[a.condition];
    const key = `alert-${a.id}`;
    entries.push(
      entry(
        'alert-raised',
        `${key}-raised`,
        a.confirmedAt ?? a.raisedAt,
        `${what} raised: ${condition}`,
        a.message,
        null,
      ),
    );
    if (a.escalatedAt && a.escalatedTo) {
      entries.push(
        entry(
          'alert-escalated',
          `${key}-escalated`,
          a.escalatedAt,
          ESCALATION_LABELS[a.escalatedTo] ?? `Escalated to ${a.escalatedTo}`,
          `${condition}: nobody acknowledged it by its deadline. ${a.message}`,
          null,
        ),
      );
    }
    if (a.acknowledgedAt) {
      entries.push(
        entry(
          'alert-acknowledged',
          `${key}-acknowledged`,
          a.acknowledgedAt,
          `Alert acknowledged${acknowledgedByName ? ` by ${acknowledgedByName}` : ''}`,
          a.acknowledgeNote ? `${condition}: “${shorten(a.acknowledgeNote)}”` : `${condition}: ${a.message}`,
          acknowledgedByName,
        ),
      );
    }
    if (a.resolvedAt) {
      entries.push(
        entry(
          'alert-resolved',
          `${key}-resolved`,
          a.resolvedAt,
          `Alert resolved: ${condition}`,
          a.resolution ?? 'The condition ended.',
          null,
        ),
      );
    }
  }

  for (const { note: n, byName } of src.notes) {
    entries.push(entry('note', `note-${n.id}`, n.createdAt, 'Note added', shorten(n.content), byName));
  }
  for (const { treatment: t, byName } of src.completedTreatments) {
    entries.push(
      entry(
        'treatment-completed',
        `treatment-${t.id}`,
        t.completedAt ?? t.scheduledFor,
        'Treatment given',
        t.description,
        byName,
      ),
    );
  }
  for (const { medication: m, byName } of src.medications) {
    // As it was added: a later change's "from" is the value it had then.
    const first = { name: m.name, dosage: m.dosage, frequency: m.frequency };
    for (const e of [...src.events].reverse()) {
      const data = e.data as { medicationId?: number; changes?: Record<string, { from?: unknown }> };
      if (e.type !== 'medication-changed' || data.medicationId !== m.id) continue;
      for (const field of ['name', 'dosage', 'frequency'] as const) {
        const change = data.changes?.[field];
        if (change && first[field] === m[field]) first[field] = String(change.from);
      }
    }
    entries.push(
      entry(
        'medication-added',
        `medication-${m.id}`,
        m.createdAt ?? m.startDate ?? new Date(0),
        `Medication added: ${first.name}`,
        `${first.name} ${first.dosage}, ${first.frequency}.`,
        byName,
      ),
    );
  }
  for (const { link: l, byName } of src.deviceLinks) {
    const device = `${l.deviceName ?? l.deviceId}${l.simulated ? ' (simulated)' : ''}`;
    entries.push(
      entry(
        'device-linked',
        `device-${l.id}-linked`,
        l.linkedAt,
        `Device linked: ${device}`,
        `${device} by ${l.connectionType} feeds this record.`,
        byName,
      ),
    );
    if (l.lostAt) {
      entries.push(
        entry(
          'device-lost',
          `device-${l.id}-lost`,
          l.lostAt,
          `Device lost: ${device}`,
          LOST_REASON_TEXT[l.lostReason ?? 'not-reporting'],
          null,
        ),
      );
    }
    if (l.endedAt) {
      entries.push(
        entry(
          'device-unlinked',
          `device-${l.id}-ended`,
          l.endedAt,
          `Device disconnected: ${device}`,
          `${device} no longer feeds this record.`,
          null,
        ),
      );
    }
  }
  for (const { h, givenByName, toNurseName: toName, acceptedByName } of src.handovers) {
    entries.push(
      entry(
        'handover-given',
        `handover-${h.id}-given`,
        h.givenAt,
        `Handover given${givenByName ? ` by ${givenByName}` : ''}`,
        `Illness severity ${h.illnessSeverity}${toName ? `, to ${toName}` : ''}: ${shorten(h.patientSummary)}`,
        givenByName,
      ),
    );
    if (h.acceptedAt) {
      entries.push(
        entry(
          'handover-accepted',
          `handover-${h.id}-accepted`,
          h.acceptedAt,
          `Handover accepted${acceptedByName ? ` by ${acceptedByName}` : ''}`,
          h.synthesis ? `Synthesis: ${shorten(h.synthesis)}` : 'Accepted.',
          acceptedByName,
        ),
      );
    }
  }
  for (const { move: m, byName, fromWardName, toWardName } of src.bedMoves) {
    const key = `bed-${m.id}`;
    if (m.kind === 'transfer') {
      const from = [fromWardName, m.fromBed && `bed ${m.fromBed}`].filter(Boolean).join(', ');
      const to = [toWardName, m.toBed ? `bed ${m.toBed}` : 'no bed yet'].filter(Boolean).join(', ');
      entries.push(
        entry(
          'transferred',
          key,
          m.at,
          `Transferred to ${toWardName ?? 'another ward'}`,
          `From ${from || 'the ward'} to ${to}.`,
          byName,
        ),
      );
    } else if (m.kind === 'admit') {
      entries.push(entry('bed-assigned', key, m.at, `Given bed ${m.toBed}`, `Bed ${m.toBed}.`, byName));
    } else if (m.kind === 'move') {
      entries.push(
        entry(
          'bed-moved',
          key,
          m.at,
          `Moved to bed ${m.toBed}`,
          `From bed ${m.fromBed} to bed ${m.toBed}.`,
          byName,
        ),
      );
    } else {
      entries.push(
        entry(
          'discharged',
          key,
          m.at,
          'Discharged',
          m.fromBed ? `Discharged from bed ${m.fromBed}.` : 'Discharged.',
          byName,
        ),
      );
    }
  }

  return entries
    .sort(
      (a, b) =>
        b.date.localeCompare(a.date) ||
        (RANK.get(b.type) ?? 0) - (RANK.get(a.type) ?? 0) ||
        b.id.localeCompare(a.id),
    )
    .slice(0, TIMELINE_MAX_ENTRIES);
}

const LOST_REASON_TEXT: Record<DeviceLostReason, string> = {
  'not-reporting': 'It stopped reporting: its values are no longer current.',
  dropped: 'Its connection dropped and did not come back.',
  'reconnect-needed': 'It needs reconnecting.',
};

/**
 * Each observation set a person recorded, with its NEWS2: scored along the valid sets, oldest first,
 * each with what it lacks carried from the sets before (the domain's series, on the SpO2 scale in
 * force when it was measured). A set entered in error is not scored (it left the patient's NEWS2)
 * and says who corrected it, when and why.
 */
function observationEntries(
  observations: readonly Observation[],
  scaleAt: (timeMs: number) => Spo2Scale,
): TimelineEntry[] {
  const valid = observations.filter((o) => o.reading.status === 'valid').map((o) => o.reading);
  const scores = new Map(news2Series(valid, scaleAt).map((p) => [p.readingId, p]));
  return observations.map(({ reading: r, byName, correctedByName }) => {
    const values = describeReading(r);
    const sentence = `${values ? `Recorded ${values}` : 'Recorded'}${byName ? ` by ${byName}` : ''}.`;
    const key = `reading-${r.id}`;
    if (r.status === 'entered-in-error') {
      const when = r.correctedAt ?? r.readingTime;
      return entry(
        'observations-entered-in-error',
        key,
        r.readingTime,
        'Observations entered in error',
        `${sentence} Marked entered in error${correctedByName ? ` by ${correctedByName}` : ''}${
          r.correctionReason ? `: ${shorten(r.correctionReason)}` : ''
        }.`,
        byName,
        { correction: { byName: correctedByName, at: iso(when), reason: r.correctionReason } },
      );
    }
    const point = scores.get(r.id);
    return entry(
      'observations',
      key,
      r.readingTime,
      r.corrects ? 'Observations (correction)' : 'Observations',
      sentence,
      byName,
      { news2: point ? { total: point.total, band: point.band, complete: point.complete } : null },
    );
  });
}

/** The values of a set in running text: "RR 18/min, SpO2 97%, on room air, BP 120/80 mmHg, …". */
function describeReading(r: Observation['reading']): string {
  const parts: string[] = [];
  for (const vital of VITAL_SIGNS) {
    const value = r[vital.readingField as keyof typeof r];
    if (value === null || value === undefined) continue;
    // Blood pressure as a pair, at the systolic's place: "BP 120/80 mmHg".
    if (vital === DIASTOLIC_BP) continue;
    if (vital === SYSTOLIC_BP) {
      parts.push(`BP ${String(value)}/${r[DIASTOLIC_BP.readingField] ?? '—'} ${SYSTOLIC_BP.displayUnit}`);
      continue;
    }
    parts.push(describeVital(vital, value));
  }
  return parts.join(', ');
}

/** The vital signs by the patient record's names for them (`pulse`), as a vitals edit stores them. */
const VITAL_BY_PATIENT_FIELD = new Map<string, VitalSign>(VITAL_SIGNS.map((v) => [v.patientField, v]));

/** A vital sign's new value in a timeline sentence: "pulse 128 bpm", "temperature 37.0 °C", "on room air". */
function describeVital(vital: VitalSign, value: unknown): string {
  switch (vital.kind) {
    case 'boolean':
      return `on ${(value ? vital.labels.true : vital.labels.false).toLowerCase()}`;
    case 'choice':
      return value == null ? vital.timelineLabel : `${vital.timelineLabel} ${String(value)}`;
    case 'number': {
      const name = vital.timelineLabel;
      if (typeof value !== 'number') return name;
      return `${name} ${formatVitalInText(vital, value)}`;
    }
  }
}

function describeVitalChanges(data: Record<string, unknown>): string {
  const parts = Object.entries(data).map(([field, change]) => {
    const vital = VITAL_BY_PATIENT_FIELD.get(field);
    return vital ? describeVital(vital, (change as { to?: unknown })?.to) : field;
  });
  return parts.length ? `Recorded ${parts.join(', ')}.` : 'Vital signs updated.';
}

/** Words for the fields of a medication change (MedicationUpdateInput). */
const MEDICATION_FIELDS: Record<string, string> = {
  name: 'name',
  dosage: 'dosage',
  frequency: 'frequency',
  nextDose: 'next dose',
  alertEnabled: 'reminders',
  instructions: 'instructions',
  sideEffects: 'side effects',
  startDate: 'start date',
  endDate: 'end date',
  lastTaken: 'last taken',
  adherenceRate: 'adherence',
};

/** "Dosage 500 mg → 250 mg; reminders off." from a medication-changed event's `changes`. */
function describeMedicationChange(data: Record<string, unknown>): string {
  const changes = (data.changes ?? {}) as Record<string, { from?: unknown; to?: unknown }>;
  const parts = Object.entries(changes).map(([field, { from, to }]) => {
    const label = MEDICATION_FIELDS[field] ?? field;
    if (field === 'alertEnabled') return `reminders ${to ? 'on' : 'off'}`;
    if (['name', 'dosage', 'frequency'].includes(field)) return `${label} ${String(from)} → ${String(to)}`;
    return `${label} changed`;
  });
  if (parts.length === 0) return 'Changed.';
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
