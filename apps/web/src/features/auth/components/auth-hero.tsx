import { BellRing, HeartPulse, ShieldCheck } from 'lucide-react';
import { VigilLogo } from '@/components/vigil-logo.tsx';

const highlights = [
  { icon: HeartPulse, text: 'Live vitals from bedside monitors and wearables' },
  { icon: BellRing, text: 'NEWS2 early-warning scores that surface who needs you first' },
  { icon: ShieldCheck, text: 'For authorised clinical staff only' },
];

/** The product introduction beside (desktop) or above (mobile) the sign-in card. */
export function AuthHero() {
  return (
    <section
      aria-labelledby="auth-hero-title"
      className="relative flex flex-col justify-center overflow-hidden bg-gradient-to-br from-teal-800 via-teal-900 to-slate-900 px-6 py-8 text-white md:px-12 md:py-16 lg:px-16"
    >
      <div className="relative mx-auto flex w-full max-w-md flex-col gap-4 md:gap-6">
        <VigilLogo className="size-10 md:size-12" />
        <h1 id="auth-hero-title" className="font-semibold text-2xl tracking-tight md:text-4xl">
          Vigil — your AI nurse assistant
        </h1>
        <p className="text-base text-teal-50/90 md:text-lg">
          Early-warning scores and live vitals for every patient on your ward, in one calm view.
        </p>
        <ul className="mt-2 hidden flex-col gap-4 md:flex">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-teal-50">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="pt-1.5 text-sm">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
