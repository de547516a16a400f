import { toast } from 'sonner';

/** Every feature toasts through these so titles, descriptions and colours stay uniform. */
export function toastError(title: string, description?: string): void {
  toast.error(title, { description });
}

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, { description });
}

/** A neutral notice (work under way, e.g. "Refreshing Data"). */
export function toastInfo(title: string, description?: string): void {
  toast(title, { description });
}
