// The keys alone, for code that only reads or refreshes these queries (the live events ask for the
// session after a dropped stream) without loading the fetchers.

/** The session's cache key (login, registration and logout write the user here); sign-in and sign-out drop every other query. */
export const USER_QUERY_KEY = ['user'] as const;

export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

export const REGISTRATION_QUERY_KEY = ['registration'] as const;
