/** Query keys of who is signed in and how one signs in; signing out keeps only `session`. */
export const authKeys = {
  session: ['session'] as const,
  environment: ['environment'] as const,
  signInOptions: ['sign-in-options'] as const,
};
