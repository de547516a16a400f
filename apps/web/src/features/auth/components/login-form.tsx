import { LoginInput } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { textOf, useSchemaForm } from '@/lib/schema-form.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { ForgotPasswordButton } from './forgot-password-button.tsx';
import { PasswordInput } from './password-input.tsx';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const id = useId();
  const { errors, onChange, handleSubmit } = useSchemaForm(LoginInput, (form) => ({
    username: textOf(form, 'username'),
    password: textOf(form, 'password'),
    rememberMe: textOf(form, 'rememberMe') === 'on',
  }));

  const onSubmit = handleSubmit(({ username, password, rememberMe }) => {
    loginMutation.mutate(rememberMe ? { username, password, rememberMe: true } : { username, password });
  });

  const isPending = loginMutation.isPending;

  return (
    <form onSubmit={onSubmit} onChange={onChange} noValidate className="flex flex-col gap-5">
      <FormField id={`${id}-username`} label="Username" error={errors.username} className="gap-2">
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
      <FormField id={`${id}-password`} label="Password" error={errors.password} className="gap-2">
        {(aria) => <PasswordInput {...aria} autoComplete="current-password" name="password" />}
      </FormField>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-2.5">
          {/* The browser's own checkbox: Radix Checkbox's code is not needed on the first page. */}
          <input
            type="checkbox"
            id={`${id}-remember-me`}
            name="rememberMe"
            className="size-5 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <Label htmlFor={`${id}-remember-me`} className="cursor-pointer font-normal">
            Keep me signed in
          </Label>
        </div>
        <ForgotPasswordButton />
      </div>

      <Button type="submit" size="lg" disabled={isPending} className="w-full">
        {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
