import { type AuditEvent, displayPatientId } from '@vigil/domain';

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

/** Audit rows as a table: when, who, what, outcome, from where. */
export function AuditTable({ events, caption }: { events: AuditEvent[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
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
              <td className="whitespace-nowrap py-2 pr-3">{new Date(e.at).toLocaleString()}</td>
              <td className="py-2 pr-3">
                {e.username ?? 'unknown'}
                {e.role && <span className="text-muted-foreground"> · {e.role.replace('_', ' ')}</span>}
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
    </div>
  );
}
