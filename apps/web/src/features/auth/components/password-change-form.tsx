import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MAX, PASSWORD_MIN, PasswordChangeInput } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { changePassword } from '../api/accounts.ts';
import { USER_QUERY_KEY } from '../api/query-keys.ts';
import { PasswordInput } from './password-input.tsx';

/** Change one's own password: the current one, then the new one. Other sessions end. */
export function PasswordChangeForm({ currentLabel = 'Current password' }: { currentLabel?: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(PasswordChangeInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      reset();
      toastSuccess('Password changed', 'Your other sessions have been signed out.');
    },
    onError: (err) => toastError('Password not changed', err.message),
  });

  return (
    <form onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="flex flex-col gap-4">
      <FormField id={`${id}-current`} label={currentLabel} error={errors.currentPassword?.message}>
        {(aria) => (
          <PasswordInput {...aria} autoComplete="current-password" {...register('currentPassword')} />
        )}
      </FormField>
      <FormField
        id={`${id}-new`}
        label="New password"
        hint={`${PASSWORD_MIN}–${PASSWORD_MAX} characters.`}
        error={errors.newPassword?.message}
      >
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register('newPassword')} />}
      </FormField>
      <Button type="submit" disabled={mutation.isPending} className="self-start">
        {mutation.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        Change password
      </Button>
    </form>
  );
}
