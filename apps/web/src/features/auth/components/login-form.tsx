import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { PasswordInput } from './password-input.tsx';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginInput),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(({ username, password, rememberMe }) => {
    loginMutation.mutate(rememberMe ? { username, password, rememberMe: true } : { username, password });
  });

  const isPending = loginMutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormField id={`${id}-username`} label="Username" error={errors.username?.message} className="gap-2">
        {(aria) => (
          <Input
            {...aria}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...register('username')}
          />
        )}
      </FormField>
      <FormField id={`${id}-password`} label="Password" error={errors.password?.message} className="gap-2">
        {(aria) => <PasswordInput {...aria} autoComplete="current-password" {...register('password')} />}
      </FormField>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-2.5">
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id={`${id}-remember-me`}
                name={field.name}
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor={`${id}-remember-me`} className="cursor-pointer font-normal">
            Keep me signed in
          </Label>
        </div>
        <ForgotPasswordDialog />
      </div>

      <Button type="submit" size="lg" disabled={isPending} className="w-full">
        {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
