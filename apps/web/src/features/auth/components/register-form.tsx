import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX, PASSWORD_MIN, RegisterInput, USERNAME_MAX, USERNAME_MIN } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError } from '@/components/form/field-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { PasswordInput } from './password-input.tsx';

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const id = useId();
  const ids = {
    username: `${id}-username`,
    usernameHint: `${id}-username-hint`,
    usernameError: `${id}-username-error`,
    password: `${id}-password`,
    passwordHint: `${id}-password-hint`,
    passwordError: `${id}-password-error`,
  };

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => registerMutation.mutate(values));
  const isPending = registerMutation.isPending;

  const describedBy = (hint: string, error: string, hasError: boolean) =>
    hasError ? `${error} ${hint}` : hint;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.username}>Choose username</Label>
        <Input
          id={ids.username}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy(ids.usernameHint, ids.usernameError, Boolean(errors.username))}
          {...register('username')}
        />
        <p id={ids.usernameHint} className="text-muted-foreground text-xs">
          {USERNAME_MIN}–{USERNAME_MAX} characters: letters, digits and . _ @ -
        </p>
        <FieldError id={ids.usernameError} message={errors.username?.message} />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.password}>Choose password</Label>
        <PasswordInput
          id={ids.password}
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy(ids.passwordHint, ids.passwordError, Boolean(errors.password))}
          {...register('password')}
        />
        <p id={ids.passwordHint} className="text-muted-foreground text-xs">
          {PASSWORD_MIN}–{PASSWORD_MAX} characters.
        </p>
        <FieldError id={ids.passwordError} message={errors.password?.message} />
      </div>

      <Button type="submit" size="lg" disabled={isPending} className="w-full">
        {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
