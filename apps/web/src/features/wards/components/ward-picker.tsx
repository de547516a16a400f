import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { accountWardsQueryOptions } from '@/lib/account-wards.ts';

/**
 * "Ward: …" for a person who works on several wards (decision 035): her wards only (every ward for
 * the hospital-wide). A person of one ward sees none: her screens are her ward's.
 */
export function WardPicker({
  ward,
  onChange,
  allLabel,
}: {
  ward: number | undefined;
  onChange(ward: number | undefined): void;
  /** A choice of all her wards at once (the alerts list), as no ward; without, the first ward is shown. */
  allLabel?: string;
}) {
  const id = useId();
  const wards = useQuery(accountWardsQueryOptions);
  if (!wards.data || wards.data.length < 2) return null;
  // Without ?ward= the screen shows all her wards, or her first (the server's default, the same order).
  const shown = ward ?? (allLabel ? '' : wards.data[0]!.id);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium text-sm">
        Ward
      </label>
      <NativeSelect
        id={id}
        data-testid="ward-picker"
        value={String(shown)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        {allLabel && <option value="">{allLabel}</option>}
        {wards.data.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} ({w.code})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
