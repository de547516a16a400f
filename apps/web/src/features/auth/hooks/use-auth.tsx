import {
  type QueryClient,
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { LoginInput, PendingRegistration, Permission, RegisterInput, User } from '@vigil/domain';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { abortSessionRequests, forgetEarly, HttpError } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError } from '@/lib/toast.ts';
import { getUserQueryOptions } from '../api/get-user.ts';
import { login } from '../api/login.ts';
import { logout } from '../api/logout.ts';
import { USER_QUERY_KEY } from '../api/query-keys.ts';
import { register } from '../api/register.ts';
import { markSessionEnded } from '../lib/signed-out-notice.ts';

export type AuthContextValue = {
  /** The signed-in user; null while loading or when logged out. */
  user: User | null;
  /** True until the first session answer arrives. */
  isLoading: boolean;
  /** A session fetch failure other than 401 (server down, 500). */
  error: Error | null;
  loginMutation: UseMutationResult<User, Error, LoginInput>;
  registerMutation: UseMutationResult<User | PendingRegistration, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
  /** Whether the signed-in user's role holds `permission` (the web hides what it does not allow). */
  can: (permission: Permission) => boolean;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Another user's (or no user's) cached patient data must never outlive a session change; signed
 * out, nothing of the session still runs: every request under way is stopped (none answers 401
 * afterwards) and the queries with it.
 */
function replaceSession(queryClient: QueryClient, user: User | null): void {
  forgetEarly();
  if (user === null) {
    abortSessionRequests();
    void queryClient.cancelQueries();
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: user, error, isLoading } = useQuery(getUserQueryOptions());

  // A session that expires while the app is open (30 idle minutes, 12 hours): the first 401 from any
  // call signs the screen out, and the protected routes send the nurse to /auth.
  useEffect(() => {
    const signOutOnExpiry = (failure: unknown) => {
      const signedIn = queryClient.getQueryData(USER_QUERY_KEY) != null;
      if (signedIn && failure instanceof HttpError && failure.status === 401) {
        // Not the person's own sign-out: the sign-in page says why they are there.
        markSessionEnded();
        replaceSession(queryClient, null);
      }
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signOutOnExpiry(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signOutOnExpiry(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  const loginMutation = useMutation({
    mutationFn: login,
    onSuccess: (signedIn) => replaceSession(queryClient, signedIn),
    // The server's words ("Invalid username or password"), never a status code in front of them.
    onError: (err) => toastError('Login failed', describeError(err)),
  });

  const registerMutation = useMutation({
    mutationFn: register,
    // In approval mode the account waits for an administrator: nobody is signed in yet.
    onSuccess: (created) => {
      if ('username' in created) replaceSession(queryClient, created);
    },
    onError: (err) => toastError('Registration failed', describeError(err)),
  });

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: () => replaceSession(queryClient, null),
    onError: (err) => toastError('Logout failed', describeError(err)),
  });

  const value: AuthContextValue = {
    user: user ?? null,
    isLoading,
    error,
    loginMutation,
    registerMutation,
    logoutMutation,
    can: (permission) => user?.permissions.includes(permission) ?? false,
  };

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** Session state and the login, register and logout mutations. Use inside `AuthProvider`. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
