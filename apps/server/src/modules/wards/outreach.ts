import {
  type Alert,
  type BedTrend,
  isClinical,
  type OutreachPatient,
  outreachReasons,
  type Patient,
  type Ward,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';

/**
 * GET /api/outreach/patients (decision 035): the hospital's patients at risk, for the critical-care
 * outreach team (RCP Chart 4): NEWS2 ≥ 5, any red score, or a NEWS2 risen by 2 or more over 6 hours
 * (the board's series). Overdue observations first (most overdue first), then the highest NEWS2,
 * then by ward and bed.
 */
export function createOutreachService(deps: {
  patients: { ward(): Promise<Patient[]> };
  trends: { news2Trends(ids: readonly number[]): Promise<Map<number, BedTrend>> };
  alerts: { openOf(ids: number[]): Promise<Alert[]> };
  wards: { list(): Promise<Ward[]>; beds(): Promise<Map<number, string>> };
  clock: Clock;
}) {
  return {
    async atRisk(): Promise<OutreachPatient[]> {
      const nowMs = deps.clock.now().getTime();
      const everyone = await deps.patients.ward();
      const trends = await deps.trends.news2Trends(everyone.map((p) => p.id));
      const risk = everyone.flatMap((p) => {
        const trend = trends.get(p.id) ?? null;
        const reasons = outreachReasons(p.news2, trend ? trend.to - trend.from : null);
        return reasons.length ? [{ patient: p, trend, reasons }] : [];
      });
      const ids = risk.map((r) => r.patient.id);
      const [open, wards, beds] = await Promise.all([
        deps.alerts.openOf(ids),
        deps.wards.list(),
        deps.wards.beds(),
      ]);
      const wardById = new Map(wards.map((w) => [w.id, w]));
      const clinical = new Map(open.filter((a) => isClinical(a.condition)).map((a) => [a.patientId, a]));
      const list: OutreachPatient[] = risk.map(({ patient: p, trend, reasons }) => {
        const alert = clinical.get(p.id);
        const overdueByMs = nowMs - Date.parse(p.observations.dueAt);
        return {
          patientId: p.id,
          name: p.name,
          isDemo: p.isDemo,
          ward: wardById.get(p.wardId) ?? { id: p.wardId, name: `Ward ${p.wardId}`, code: '' },
          bed: beds.get(p.id) ?? null,
          news2: { total: p.news2.total, redScore: p.news2.redScore, trend },
          reasons,
          alert: alert
            ? {
                id: alert.id,
                condition: alert.condition,
                priority: alert.priority,
                state: alert.state,
                escalatedTo: alert.escalatedTo,
                raisedAt: alert.raisedAt,
                escalatedAt: alert.escalatedAt,
                sinceMs: Math.max(0, nowMs - Date.parse(alert.escalatedAt ?? alert.raisedAt)),
              }
            : null,
          observations: { dueAt: p.observations.dueAt, overdueByMs, overdue: overdueByMs > 0 },
        };
      });
      return list.sort(
        (a, b) =>
          Number(b.observations.overdue) - Number(a.observations.overdue) ||
          (a.observations.overdue ? b.observations.overdueByMs - a.observations.overdueByMs : 0) ||
          b.news2.total - a.news2.total ||
          a.ward.code.localeCompare(b.ward.code) ||
          (a.bed ?? '\uffff').localeCompare(b.bed ?? '\uffff') ||
          a.patientId - b.patientId,
      );
    },
  };
}

export type OutreachService = ReturnType<typeof createOutreachService>;
