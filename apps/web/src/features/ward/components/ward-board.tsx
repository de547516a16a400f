import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { getOpenAlertsQueryOptions } from '@/features/alerts/api/alerts.ts';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { useStoredFlag } from '@/hooks/use-stored-flag.ts';
import { formatClockTime } from '@/lib/date-time.ts';
import { patientLabel } from '@/lib/patient-label.ts';
import { cn } from '@/lib/utils.ts';
import { getWardBoardQueryOptions } from '../api/ward.ts';
import { boardView } from '../lib/board-view.ts';
import { BoardWardContext } from '../lib/ward-context.ts';
import { AssignmentPanel } from './assignment-panel.tsx';
import { ChooseBedButton, DischargeButton } from './bed-actions.tsx';
import { BedCard, type RenderPatientDetails } from './bed-card.tsx';
import { NurseInChargeLine, NurseInChargePanel } from './nurse-in-charge.tsx';
import { WardEditButtons } from './ward-edit-buttons.tsx';
import { WardFigures } from './ward-figures.tsx';

const LARGE_TYPE_KEY = 'vigil.ward.largeType';
const MINE_KEY = 'vigil.ward.myPatients';

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

interface WardBoardProps {
  userId: number;
  /** ward:assign: the assignment panel. */
  canAssign: boolean;
  /** May name each shift's nurse in charge (ward:layout). */
  canNameLead: boolean;
  /** ward:layout: the layout and shift times editors. */
  canLayOut: boolean;
  /** patients:edit: a bed given, a patient moved or discharged. */
  canPlace: boolean;
  renderDetails: RenderPatientDetails;
  /** The ward shown (`?ward=`); undefined: the person's first. */
  ward?: number;
  /** The ward picker, for a person of several wards (the page's). */
  picker?: ReactNode;
}

/**
 * The ward board: figures, then each bay's beds (patient, NEWS2 and its trend, alerts, next
 * observation, devices, nurse; free beds shown). Live events keep the board, the patients and the
 * alerts current. Large type (remembered on this browser) is for a display across the room.
 */
export function WardBoard({
  userId,
  canAssign,
  canNameLead,
  canLayOut,
  canPlace,
  renderDetails,
  ward,
  picker,
}: WardBoardProps) {
  const [isLarge, setLarge] = useStoredFlag(LARGE_TYPE_KEY);
  const [isMine, setMine] = useStoredFlag(MINE_KEY);
  const board = useQuery(getWardBoardQueryOptions(ward));
  const patients = useQuery(getPatientsQueryOptions());
  const alerts = useQuery(getOpenAlertsQueryOptions());

  const isLoading = board.isPending || patients.isPending;
  const error = (!board.data && board.error) || (!patients.data && patients.error);
  const view =
    board.data && patients.data
      ? boardView(board.data, patients.data, alerts.data ?? [], isMine ? userId : null)
      : null;
  const freeBeds = view?.freeBeds ?? [];
  // The assignment panel lists this ward's patients only (a person of several wards sees all hers).
  const onBoard = useMemo(() => {
    if (!board.data || !patients.data) return undefined;
    const ids = new Set([
      ...board.data.bays.flatMap((bay) =>
        bay.beds.flatMap((bed) => (bed.patientId === null ? [] : [bed.patientId])),
      ),
      ...board.data.unplacedPatientIds,
    ]);
    return patients.data.filter((p) => ids.has(p.id));
  }, [board.data, patients.data]);

  return (
    <BoardWardContext value={ward}>
      <div
        className={cn('flex flex-col gap-4', isLarge && '[zoom:1.4]')}
        data-large-type={isLarge || undefined}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="font-semibold text-2xl tracking-tight">Ward board</h1>
            {board.data && (
              <p className="text-muted-foreground text-sm">
                {board.data.shift.name} shift, {formatClockTime(new Date(board.data.shift.startsAt))} to{' '}
                {formatClockTime(new Date(board.data.shift.endsAt))}
              </p>
            )}
            <NurseInChargeLine />
          </div>
          <div className="flex flex-wrap items-center gap-4">
            {picker}
            {canLayOut && <WardEditButtons />}
            <Toggle id="ward-mine" label="My patients" checked={isMine} onChange={setMine} />
            <Toggle id="ward-large" label="Large type" checked={isLarge} onChange={setLarge} />
          </div>
        </div>
        {isLoading && <CardLoading label="Loading the ward board" />}
        {error && <CardError what="the ward board" error={error} />}
        {board.data && view && <WardFigures figures={board.data.figures} highest={view.highestScores} />}
        {view && view.bays.length === 0 && (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground">
            {isMine
              ? 'No patients are assigned to you this shift.'
              : 'The ward has no beds yet: a ward manager lays them out.'}
          </p>
        )}
        {view?.bays.map((bay) => (
          <section key={bay.id} aria-labelledby={`bay-${bay.id}`} className="flex flex-col gap-2">
            <h2 id={`bay-${bay.id}`} className="font-semibold text-lg">
              {bay.name}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
              {bay.beds.map((bed) => (
                <BedCard
                  key={bed.id}
                  bed={bed}
                  renderDetails={renderDetails}
                  actions={
                    canPlace &&
                    bed.patient && (
                      <>
                        <ChooseBedButton patient={bed.patient} freeBeds={freeBeds} isMove />
                        <DischargeButton patient={bed.patient} bedLabel={bed.label} />
                      </>
                    )
                  }
                />
              ))}
            </ul>
          </section>
        ))}
        {view && view.unplaced.length > 0 && (
          <section aria-labelledby="ward-unplaced" className="flex flex-col gap-2">
            <h2 id="ward-unplaced" className="font-semibold text-lg">
              Without a bed
            </h2>
            <ul className="flex flex-wrap gap-2 text-sm">
              {view.unplaced.map(({ patient }) => (
                <li key={patient.id} className="flex items-center gap-2 rounded-md border px-2 py-1">
                  {patientLabel(patient)}
                  {canPlace && <ChooseBedButton patient={patient} freeBeds={freeBeds} isMove={false} />}
                </li>
              ))}
            </ul>
          </section>
        )}
        {canNameLead && <NurseInChargePanel />}
        {canAssign && onBoard && <AssignmentPanel patients={onBoard} />}
      </div>
    </BoardWardContext>
  );
}
