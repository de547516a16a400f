import { Phone, Plus } from 'lucide-react';
import { useState } from 'react';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useEmergencyContacts } from '../api/get-emergency-contacts.ts';
import { telHref } from '../lib/phone.ts';
import { AddContactForm } from './add-contact-form.tsx';

/** The body of the Emergency Contacts panel: each contact with a link that dials the number. */
export function ContactsPanel({ patientId }: { patientId: number }) {
  const { data: contacts, error } = useEmergencyContacts(patientId);
  const [isAdding, setAdding] = useState(false);

  return (
    <div className="flex flex-col gap-3">
      {contacts && error && <CardStale what="emergency contacts" error={error} />}
      {contacts ? (
        contacts.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {contacts.map((c) => (
              <li key={c.id} className="flex flex-col gap-1 rounded-lg border p-3">
                <h3 className="break-words font-medium text-sm">{c.name}</h3>
                <p className="text-muted-foreground text-sm">{c.relationship}</p>
                <a
                  href={telHref(c.phone)}
                  className="inline-flex items-center gap-1.5 self-start rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline"
                >
                  <Phone className="size-4" aria-hidden="true" />
                  <span className="sr-only">Call {c.name}: </span>
                  {c.phone}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No emergency contacts recorded.</p>
        )
      ) : error ? (
        <CardError what="emergency contacts" error={error} />
      ) : (
        <CardLoading label="Loading contacts" />
      )}
      {isAdding ? (
        <AddContactForm patientId={patientId} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add contact
        </Button>
      )}
    </div>
  );
}
