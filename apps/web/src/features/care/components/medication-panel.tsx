import { Plus } from 'lucide-react';
import { useState } from 'react';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { useMedications } from '../api/get-medications.ts';
import { AddMedicationForm } from './add-medication-form.tsx';
import { MedicationItem } from './medication-item.tsx';

/** The body of the Medication Schedule panel: the patient's medications and "Add Medication". */
export function MedicationPanel({ patientId }: { patientId: number }) {
  const { data: medications, error } = useMedications(patientId);
  const [isAdding, setAdding] = useState(false);
  const now = new Date(useNow());

  return (
    <div className="flex flex-col gap-3">
      {medications && error && <CardStale what="medications" error={error} />}
      {medications ? (
        medications.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {medications.map((m) => (
              <MedicationItem key={m.id} medication={m} patientId={patientId} now={now} />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No medications recorded.</p>
        )
      ) : error ? (
        <CardError what="medications" error={error} />
      ) : (
        <CardLoading label="Loading medications" />
      )}
      {isAdding ? (
        <AddMedicationForm patientId={patientId} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Medication
        </Button>
      )}
    </div>
  );
}
