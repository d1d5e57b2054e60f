/** The zone the console opens reports in (report-state.ts), and the platform's. */
const FIRST_ZONE = 'Europe/Berlin';

/**
 * The browser's first number format and first time-zone lookup each set up part of ICU, its
 * internationalisation library: ~42 and ~29 ms here (bench/ui/profile-load.ts), four times that on the slow
 * phone Lighthouse imitates, inside whichever render first needs them. Started while the console waits for
 * its language catalogue and the session, each in a task of its own, the set-up costs the first render
 * nothing and no task grows long with it. The zone's formatter is the one the report then uses (cached), its
 * code loaded beside the shell's (it is not the shell's).
 */
export function warmIntl(locale: string): void {
  setTimeout(() => new Intl.NumberFormat(locale).format(1234.5), 0);
  setTimeout(() => {
    import('../../contract/zone-offsets.ts')
      .then(({ zoneOffsets }) => zoneOffsets(FIRST_ZONE).at(Date.now()))
      .catch(() => undefined);
  }, 0);
}
