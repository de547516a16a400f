import { type AuditEvent, displayPatientId, ROLE_LABELS, Role } from '@vigil/domain';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { formatDateTime } from '@/lib/date-time.ts';

const ACTION_LABEL: Record<AuditEvent['action'], string> = {
  create: 'Created',
  read: 'Opened',
  update: 'Changed',
  delete: 'Deleted',
  execute: 'Ran',
  'sign-in': 'Signed in',
  'sign-out': 'Signed out',
  'failed-sign-in': 'Failed sign-in',
};

/** The role as the rest of the app names it; a role the trail holds from older days, as stored. */
const roleLabel = (role: string) => {
  const known = Role.safeParse(role);
  return known.success ? ROLE_LABELS[known.data] : role;
};

/**
 * "25 Nov 2026, 16:24", allowed to break after the date only: on a tablet the table then fits
 * without scrolling sideways.
 */
function When({ iso }: { iso: string }) {
  const [date, time] = formatDateTime(iso).split(', ');
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{date},</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

/** Audit rows as a table: when, who, what, outcome, from where. */
export function AuditTable({ events, caption }: { events: AuditEvent[]; caption: string }) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted-foreground text-xs">
          <tr>
            {['When', 'Who', 'Action', 'What', 'Patient', 'Outcome', 'From'].map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className="py-2 pr-3">
                <When iso={e.at} />
              </td>
              <td className="py-2 pr-3">
                {e.username ?? 'unknown'}
                {e.role && <span className="text-muted-foreground"> · {roleLabel(e.role)}</span>}
              </td>
              <td className="py-2 pr-3">{ACTION_LABEL[e.action]}</td>
              <td className="py-2 pr-3">
                {e.entityType}
                {e.entityId && ` #${e.entityId}`}
                {e.detail && <div className="text-muted-foreground text-xs">{e.detail}</div>}
              </td>
              <td className="py-2 pr-3">{e.patientId === null ? '—' : displayPatientId(e.patientId)}</td>
              <td className="py-2 pr-3">{e.outcome === 'success' ? 'Success' : 'Failure'}</td>
              <td className="py-2 pr-3 text-muted-foreground text-xs">{e.address ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
