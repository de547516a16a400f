import { useEffect } from 'react';

export const APP_TITLE = 'Vigil';

/**
 * Names the browser tab after the screen ("Patient Dashboard · Vigil"), so a nurse with several tabs
 * open can tell them apart; back to "Vigil" when the screen goes.
 */
export function useDocumentTitle(screen: string | null | undefined): void {
  useEffect(() => {
    document.title = screen ? `${screen} · ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [screen]);
}
