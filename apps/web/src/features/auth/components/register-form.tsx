import { PASSWORD_MAX, PASSWORD_MIN, RegisterInput, USERNAME_MAX, USERNAME_MIN } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { textOf, useSchemaForm } from '@/lib/schema-form.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { PasswordInput } from './password-input.tsx';

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const id = useId();
  const { errors, onChange, handleSubmit } = useSchemaForm(RegisterInput, (form) => ({
    username: textOf(form, 'username'),
    password: textOf(form, 'password'),
  }));

  const onSubmit = handleSubmit((values) => registerMutation.mutate(values));
  const isPending = registerMutation.isPending;
  const result = registerMutation.data;

  if (result && 'status' in result) {
    return (
      <p role="status" className="rounded-md border bg-muted p-4 text-sm">
        {result.message}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} onChange={onChange} noValidate className="flex flex-col gap-5">
      <FormField
        id={`${id}-username`}
        label="Choose username"
        hint={`${USERNAME_MIN}–${USERNAME_MAX} characters: letters, digits and . _ @ -`}
        error={errors.username}
        className="gap-2"
      >
        {(aria) => (
          <Input
            {...aria}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            name="username"
          />
        )}
      </FormField>
      <FormField
        id={`${id}-password`}
        label="Choose password"
        hint={`${PASSWORD_MIN}–${PASSWORD_MAX} characters.`}
        error={errors.password}
        className="gap-2"
      >
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" name="password" />}
      </FormField>

      <Button type="submit" size="lg" disabled={isPending} className="w-full">
        {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
