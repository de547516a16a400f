/**
 * What a screen decides when a change is saved or fails (its toasts, closing a dialog): passed into
 * the api hook, which keeps only the caching. Given to `useMutation` itself, not to `mutate`, so a
 * failure is still said after the form that sent it has closed.
 */
export interface MutationCallbacks<T> {
  onSuccess?: (saved: T) => void;
  onError?: (error: Error) => void;
}
