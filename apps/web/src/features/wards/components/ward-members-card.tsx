import { useQuery } from '@tanstack/react-query';
import { type Account, ROLE_LABELS, type Role, type WardMembers } from '@vigil/domain';
import { useId, useState } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { getWardMembersQueryOptions, useSetAccountWards } from '../api/ward-members.ts';
import { getWardsQueryOptions } from '../api/wards.ts';

const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

/** The wards a person is a member of, from the membership list. */
const wardsOf = (members: WardMembers, userId: number) =>
  members.filter((w) => w.members.some((m) => m.id === userId)).map((w) => w.wardId);

/** Chooses a person and ticks her wards; saved as her whole list (PUT /api/accounts/{id}/wards). */
function EditWards({
  accounts,
  wards,
  members,
}: {
  accounts: readonly Account[];
  wards: { id: number; name: string; code: string }[];
  members: WardMembers;
}) {
  const id = useId();
  const [userId, setUserId] = useState<number | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const save = useSetAccountWards({
    onSuccess: (answer) => toastSuccess('Wards saved', `${answer.wards.length} ward(s)`),
  });
  const choose = (next: number | null) => {
    setUserId(next);
    setTicked(next === null ? [] : wardsOf(members, next));
    save.reset();
  };
  return (
    <form
      className="flex flex-col gap-3"
      aria-label="Wards of a person"
      onSubmit={(event) => {
        event.preventDefault();
        if (userId !== null) save.mutate({ userId, wardIds: ticked });
      }}
    >
      <div className="flex flex-col gap-1 sm:max-w-sm">
        <Label htmlFor={`${id}-person`}>Person</Label>
        <NativeSelect
          id={`${id}-person`}
          value={userId === null ? '' : String(userId)}
          onChange={(event) => choose(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">Choose a person</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.username} ({roleLabel(a.role)})
            </option>
          ))}
        </NativeSelect>
      </div>
      {userId !== null && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-sm">Works on</legend>
          {wards.map((w) => (
            <div key={w.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-ward-${w.id}`}
                checked={ticked.includes(w.id)}
                onCheckedChange={(value) =>
                  setTicked((list) =>
                    value === true ? [...new Set([...list, w.id])] : list.filter((x) => x !== w.id),
                  )
                }
              />
              <Label htmlFor={`${id}-ward-${w.id}`}>
                {w.name} ({w.code})
              </Label>
            </div>
          ))}
          {save.error && (
            <p role="alert" className="text-destructive text-sm">
              Could not save: {describeError(save.error)}
            </p>
          )}
          <Button type="submit" className="self-start" disabled={save.isPending}>
            Save wards
          </Button>
        </fieldset>
      )}
    </form>
  );
}

/**
 * /admin, "Wards" (wards:manage, decision 035): who works on which ward, with their role, and a
 * person's wards set. Administrators and the outreach team see every ward by role.
 */
export function WardMembersCard({ accounts }: { accounts: readonly Account[] }) {
  const wards = useQuery(getWardsQueryOptions());
  const members = useQuery(getWardMembersQueryOptions());
  const error = (!wards.data && wards.error) || (!members.data && members.error);
  const membersOf = (wardId: number) => members.data?.find((w) => w.wardId === wardId)?.members ?? [];
  return (
    <Card role="region" aria-labelledby="ward-members-heading">
      <CardHeader>
        <CardTitle id="ward-members-heading">Wards</CardTitle>
        <CardDescription>
          Who works on which ward. A person sees her wards' patients only; administrators and the outreach
          team see every ward.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {(wards.isPending || members.isPending) && <CardLoading label="Loading the wards" />}
        {error && <CardError what="the wards" error={error} />}
        {wards.data && members.data && (
          <>
            <ScrollRegion label="Ward members">
              <table className="w-full text-left text-sm" data-testid="ward-members">
                <caption className="sr-only">Ward members</caption>
                <thead className="text-muted-foreground text-xs">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Ward
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Members
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {wards.data.map((w) => (
                    <tr key={w.id} className="border-t align-top">
                      <th scope="row" className="py-2 pr-3 font-medium">
                        {w.name} ({w.code})
                      </th>
                      <td className="py-2">
                        {membersOf(w.id).length === 0 ? (
                          <span className="text-muted-foreground">No one yet</span>
                        ) : (
                          <ul className="flex flex-wrap gap-x-4 gap-y-1">
                            {membersOf(w.id).map((m) => (
                              <li key={m.id}>
                                {m.username}{' '}
                                <span className="text-muted-foreground">({roleLabel(m.role)})</span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <EditWards accounts={accounts} wards={wards.data} members={members.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
