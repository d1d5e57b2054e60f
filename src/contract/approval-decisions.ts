import { z } from 'zod/mini';

/*
 * A requester learns what became of their approval requests (issue 42: a rejection was never shown to the
 * person who asked). Its own small module: the navigation reads it on every page, and the approval's schema
 * (with the charge rules it reads) must not load with the shell.
 */

const instant = z.iso.datetime({ offset: true });

/**
 * `GET /bff/approvals/decisions-for-me`: how many of the signed-in user's requests someone else (or the
 * clock) decided since they last looked at their decided requests, and when that was (null: never).
 */
export const decisionsForMeSchema = z.object({
  unseen: z.int().check(z.minimum(0)),
  seen_at: z.nullable(instant),
});
export type DecisionsForMe = z.infer<typeof decisionsForMeSchema>;

/**
 * `POST /bff/approvals/decisions-for-me`: they look now. Answers when they had looked before (null: never),
 * so the page can mark what is new to them.
 */
export const decisionsSeenSchema = z.object({
  seen_at: instant,
  previously_seen_at: z.nullable(instant),
});
export type DecisionsSeen = z.infer<typeof decisionsSeenSchema>;

/** `GET /bff/approvals?mine=decided`: the signed-in user's own decided requests, newest decision first. */
export const MY_DECIDED_FILTER = 'decided';
