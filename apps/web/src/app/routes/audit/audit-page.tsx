import { AuditLog } from '@/features/audit/components/audit-log.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';

/** /audit: the audit trail, for administrators, ward managers and auditors. */
export function AuditPage() {
  const { can } = useAuth();
  return <AuditLog canExport={can('audit:export')} />;
}
