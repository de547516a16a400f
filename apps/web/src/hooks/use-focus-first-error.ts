import { type RefObject, useEffect } from 'react';

/** After a failed submit, moves focus to the first invalid field so the message is read out with it. */
export function useFocusFirstError(
  formRef: RefObject<HTMLFormElement | null>,
  errors: Record<string, string>,
) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formRef]);
}
