import { Pill, Users } from 'lucide-react';
import { useState } from 'react';
import { FloatingPanel } from '@/components/floating-panel/floating-panel.tsx';
import { ContactsPanel } from './contacts-panel.tsx';
import { MedicationPanel } from './medication-panel.tsx';

type PanelId = 'medications' | 'contacts';

/**
 * The two floating widgets (spec "Floating widgets"): Medication Reminders bottom left, Emergency
 * Contacts bottom right. The bar sticks to the bottom of the page content (not the window), so it
 * never covers the sidebar, and it keeps its own space at the end so the last card stays readable;
 * the page's scroll padding (index.css, `data-floating-bar`) keeps what is scrolled into view above it.
 * One panel at a time: on a phone both would be bottom sheets on top of each other. On a phone both
 * buttons are icons (their names still read out; the words show from 640 px): the
 * labelled "Medication Reminders" covered over half the width of the text it floated over.
 */
export function FloatingWidgets({ patientId }: { patientId: number }) {
  const [openPanel, setOpenPanel] = useState<PanelId | null>(null);
  const toggle = (panel: PanelId) => setOpenPanel((current) => (current === panel ? null : panel));
  const close = () => setOpenPanel(null);

  return (
    <div
      data-floating-bar=""
      className="pointer-events-none sticky bottom-4 z-30 flex items-end justify-between gap-3"
    >
      <FloatingPanel
        side="left"
        title="Medication Schedule"
        buttonLabel="Medication Reminders"
        buttonIcon={<Pill aria-hidden="true" />}
        isButtonLabelHiddenOnMobile
        widthClass="sm:w-[350px]"
        isOpen={openPanel === 'medications'}
        onToggle={() => toggle('medications')}
        onClose={close}
      >
        <MedicationPanel patientId={patientId} />
      </FloatingPanel>
      <FloatingPanel
        side="right"
        title="Emergency Contacts"
        buttonLabel="Emergency Contacts"
        buttonIcon={<Users aria-hidden="true" />}
        isButtonLabelHiddenOnMobile
        widthClass="sm:w-[300px]"
        isOpen={openPanel === 'contacts'}
        onToggle={() => toggle('contacts')}
        onClose={close}
      >
        <ContactsPanel patientId={patientId} />
      </FloatingPanel>
    </div>
  );
}
