/**
 * Where drafts live: sessionStorage (personal data such as an IBAN never goes to localStorage), one entry
 * per user and form, `draft:<user>:<form>`. A draft belongs to the staff member who typed it: a session that
 * expires keeps it for the same person's next sign-in, but the moment someone else is signed in in this tab,
 * every draft that is not theirs is deleted (`forgetOtherUsersDrafts`), not merely hidden — an IBAN has no
 * business staying in a browser its owner has left. Sign-out clears them all.
 */
const DRAFT_PREFIX = 'draft:';

/** The user's part of the key: encoded, so a username holding ':' (`sso:<subject>`) cannot pass for another's. */
const ownerPrefix = (username: string) => `${DRAFT_PREFIX}${encodeURIComponent(username)}:`;

export const draftStorageKey = (username: string, form: string) => `${ownerPrefix(username)}${form}`;

export function readDraft(username: string, form: string): unknown {
  const stored = sessionStorage.getItem(draftStorageKey(username, form));
  if (stored === null) return undefined;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return undefined;
  }
}

export function writeDraft(username: string, form: string, value: unknown): void {
  sessionStorage.setItem(draftStorageKey(username, form), JSON.stringify(value));
}

export function removeDraft(username: string, form: string): void {
  sessionStorage.removeItem(draftStorageKey(username, form));
}

/**
 * Deletes every draft in this tab that is not `username`'s: another user's, and the unowned ones kept
 * before drafts had owners. Run whenever the console knows who is signed in.
 */
export function forgetOtherUsersDrafts(username: string): void {
  const own = ownerPrefix(username);
  const others: string[] = [];
  for (let index = 0; index < sessionStorage.length; index++) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(DRAFT_PREFIX) && !key.startsWith(own)) others.push(key);
  }
  for (const key of others) sessionStorage.removeItem(key);
}
