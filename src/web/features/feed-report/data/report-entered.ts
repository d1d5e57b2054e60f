/**
 * When the report was last entered, as the route saw it. The route's early fetch and the page read "now"
 * from this one instant: their defaults (the last seven days, "today") then agree around midnight too,
 * and the page reads what the early fetch asked for. Kept apart from the report's code, so the router
 * holds only these lines.
 */
let enteredAt: number | null = null;

export function reportEntered(at: number): void {
  enteredAt = at;
}

/** How long after the route entered the report the page may take to open at that instant. */
const OPENING_MS = 30_000;

/**
 * The page's "now" as it opens: the instant the route entered the report, if that was just now; else the
 * clock. A page opened again without the route entering (the console re-rendered for another language)
 * must not open at an instant hours old.
 */
export function openingNow(): number {
  const now = Date.now();
  return enteredAt !== null && now - enteredAt < OPENING_MS ? enteredAt : now;
}
