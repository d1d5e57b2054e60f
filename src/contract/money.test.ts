import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossFromNet, netFromGross, splitVat, vatRatePercent } from './money.ts';

/** The oracle: exact rationals in BigInt, numerator / denominator rounded half up. */
const halfUp = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (denominator * 2n);
const oracleGross = (net: number, rate: number) => Number(halfUp(BigInt(net) * BigInt(100 + rate), 100n));
const oracleNet = (gross: number, rate: number) => Number(halfUp(BigInt(gross) * 100n, BigInt(100 + rate)));

/** Every German rate there has been since 2007: normal, reduced, and the 2020 ones. */
const RATES = [19, 7, 16, 5] as const;
/** Every cent from 0 to this, per rate: 2,000.00 €, well past a period of every rate's rounding pattern. */
const EVERY_CENT_TO = 200_000;
/** The largest amounts computed exactly: net × (100 + rate) and gross × 100 stay safe integers. */
const largestNet = (rate: number) => Math.floor(Number.MAX_SAFE_INTEGER / (100 + rate));
const LARGEST_GROSS = Math.floor(Number.MAX_SAFE_INTEGER / 100);
/** How many of the largest amounts are tried one by one. */
const EVERY_TOP_AMOUNT = 50_000;

describe('VAT rates by date', () => {
  it('uses 19/7 normally and 16/5 from 2020-07-01 to 2020-12-31', () => {
    expect(vatRatePercent('normal', '2020-06-30')).toBe(19);
    expect(vatRatePercent('reduced', '2020-06-30')).toBe(7);
    expect(vatRatePercent('normal', '2020-07-01')).toBe(16);
    expect(vatRatePercent('reduced', '2020-07-01')).toBe(5);
    expect(vatRatePercent('normal', '2020-12-31')).toBe(16);
    expect(vatRatePercent('reduced', '2020-12-31')).toBe(5);
    expect(vatRatePercent('normal', '2021-01-01')).toBe(19);
    expect(vatRatePercent('reduced', '2021-01-01')).toBe(7);
  });
});

describe('net ↔ gross in integers, half up on the unit', () => {
  it('equals the exact rational oracle for every cent up to 2,000 € at every rate', () => {
    for (const rate of RATES) {
      for (let cents = 0; cents <= EVERY_CENT_TO; cents += 1) {
        if (grossFromNet(cents, rate) !== oracleGross(cents, rate))
          expect.fail(`grossFromNet(${cents}, ${rate}) = ${grossFromNet(cents, rate)}`);
        if (netFromGross(cents, rate) !== oracleNet(cents, rate))
          expect.fail(`netFromGross(${cents}, ${rate}) = ${netFromGross(cents, rate)}`);
      }
    }
  });

  it('equals the exact rational oracle for large amounts, up to the largest it accepts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RATES, 0, 100),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rate, share) => {
          expect(grossFromNet(Math.floor(share * largestNet(rate)), rate)).toBe(
            oracleGross(Math.floor(share * largestNet(rate)), rate),
          );
          expect(netFromGross(Math.floor(share * LARGEST_GROSS), rate)).toBe(
            oracleNet(Math.floor(share * LARGEST_GROSS), rate),
          );
        },
      ),
      { numRuns: 2000 },
    );
    // Every amount at the top, where a double's quotient keeps only a few bits of fraction: a float
    // division rounded with an epsilon gets hundreds of these wrong.
    for (const rate of RATES) {
      for (let offset = 0; offset < EVERY_TOP_AMOUNT; offset += 1) {
        const net = largestNet(rate) - offset;
        const gross = LARGEST_GROSS - offset;
        if (grossFromNet(net, rate) !== oracleGross(net, rate)) expect.fail(`grossFromNet(${net}, ${rate})`);
        if (netFromGross(gross, rate) !== oracleNet(gross, rate))
          expect.fail(`netFromGross(${gross}, ${rate})`);
      }
    }
  });

  it('refuses what it cannot compute exactly rather than rounding it', () => {
    expect(() => grossFromNet(largestNet(19) + 1, 19)).toThrow(RangeError);
    expect(() => netFromGross(LARGEST_GROSS + 1, 19)).toThrow(RangeError);
    expect(() => grossFromNet(-1, 19)).toThrow(RangeError);
    expect(() => netFromGross(0.5, 19)).toThrow(RangeError);
    expect(() => netFromGross(100, 19.5)).toThrow(RangeError);
    expect(() => netFromGross(100, -1)).toThrow(RangeError);
  });

  it('rounds a half cent up, never to even (the tie cases)', () => {
    expect(grossFromNet(50, 7)).toBe(54); // VAT 3.5 → 4
    expect(grossFromNet(150, 7)).toBe(161); // VAT 10.5 → 11 (to even would be 10)
    expect(grossFromNet(50, 19)).toBe(60); // VAT 9.5 → 10
    expect(grossFromNet(10, 5)).toBe(11); // VAT 0.5 → 1
    expect(grossFromNet(30, 5)).toBe(32); // VAT 1.5 → 2
    expect(grossFromNet(49, 7)).toBe(52); // VAT 3.43 → 3, just below a tie
    // From gross a tie needs a rate like 4 % or 100 % (see below); it goes up too.
    expect(netFromGross(13, 4)).toBe(13); // 12.5 → 13
    expect(netFromGross(3, 100)).toBe(2); // 1.5 → 2
    // Every tie up to 2,000 € goes up: exactly where net × rate ends in 50 hundredths.
    for (const rate of RATES) {
      for (let net = 0; net <= EVERY_CENT_TO; net += 1) {
        if ((net * rate) % 100 === 50 && grossFromNet(net, rate) !== net + (net * rate + 50) / 100)
          expect.fail(`the tie at net ${net}, ${rate} % did not round up`);
      }
    }
  });

  it('never meets a tie from gross at the German rates, so half up decides only net → gross', () => {
    // gross × 100 / (100 + rate) repeats its remainder with period 100 + rate: one period is every case.
    // (At 4 % there would be ties: 13 × 100 / 104 = 12.5.)
    for (const rate of RATES) {
      for (let gross = 0; gross < 100 + rate; gross += 1) {
        expect(((gross * 100) % (100 + rate)) * 2).not.toBe(100 + rate);
      }
    }
  });

  it('gives the net back from its gross for every net (net → gross → net)', () => {
    for (const rate of RATES) {
      for (let net = 0; net <= EVERY_CENT_TO; net += 1) {
        if (netFromGross(grossFromNet(net, rate), rate) !== net) expect.fail(`net ${net} at ${rate} %`);
      }
    }
    fc.assert(
      fc.property(fc.constantFrom(...RATES), fc.double({ min: 0, max: 1, noNaN: true }), (rate, share) => {
        // Below the largest gross: the one just above it may have a net, but is refused.
        const net = Math.floor(share * (netFromGross(LARGEST_GROSS, rate) - 1));
        expect(netFromGross(grossFromNet(net, rate), rate)).toBe(net);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the gross back only where some net has that gross (gross → net → gross), one cent off elsewhere', () => {
    for (const rate of RATES) {
      const grossOfSomeNet = new Set<number>();
      for (let net = 0; net <= netFromGross(EVERY_CENT_TO, rate) + 1; net += 1)
        grossOfSomeNet.add(grossFromNet(net, rate));
      let withoutNet = 0;
      for (let gross = 0; gross < 100 * (100 + rate); gross += 1) {
        const back = grossFromNet(netFromGross(gross, rate), rate);
        if (grossOfSomeNet.has(gross) ? back !== gross : Math.abs(back - gross) !== 1)
          expect.fail(`gross ${gross} at ${rate} % came back as ${back}`);
        if (!grossOfSomeNet.has(gross)) withoutNet += 1;
      }
      // Net steps by 1 + rate/100 in gross, so `rate` of every 100 + rate gross amounts have no net.
      expect(withoutNet).toBe(100 * rate);
    }
  });

  it('never lowers gross, net or VAT when the amount grows (monotonic)', () => {
    for (const rate of RATES) {
      let previous = { gross: -1, net: -1, vatOfNet: -1, vatOfGross: -1 };
      for (let cents = 0; cents <= EVERY_CENT_TO; cents += 1) {
        const gross = grossFromNet(cents, rate);
        const net = netFromGross(cents, rate);
        const current = { gross, net, vatOfNet: gross - cents, vatOfGross: cents - net };
        // A cent more net is at least a cent more gross; a cent more gross is at most a cent more net.
        if (
          current.gross <= previous.gross ||
          current.net < previous.net ||
          current.net > previous.net + 1 ||
          current.vatOfNet < previous.vatOfNet ||
          current.vatOfGross < previous.vatOfGross
        )
          expect.fail(`not monotonic at ${cents} cents, ${rate} %`);
        previous = current;
      }
    }
  });
});

describe('splitVat', () => {
  it('keeps the amount given and splits it at the rate of the due date', () => {
    expect(splitVat(1190, true, 'normal', '2026-01-01')).toEqual({
      netCent: 1000,
      vatCent: 190,
      grossCent: 1190,
      ratePercent: 19,
    });
    expect(splitVat(107, true, 'reduced', '2026-01-01')).toEqual({
      netCent: 100,
      vatCent: 7,
      grossCent: 107,
      ratePercent: 7,
    });
    expect(splitVat(1000, false, 'normal', '2020-09-01')).toEqual({
      netCent: 1000,
      vatCent: 160,
      grossCent: 1160,
      ratePercent: 16,
    });
    expect(splitVat(50, false, 'reduced', '2026-01-01').vatCent).toBe(4); // 3.5 → 4
  });

  it('splits every API amount as the exact oracle does, either way round', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.boolean(),
        fc.constantFrom('normal' as const, 'reduced' as const),
        fc.constantFrom('2020-09-01', '2026-03-01'),
        (amount, isGross, vatType, dueDate) => {
          const split = splitVat(amount, isGross, vatType, dueDate);
          const rate = vatRatePercent(vatType, dueDate);
          expect(split.ratePercent).toBe(rate);
          expect(split).toMatchObject(
            isGross
              ? { netCent: oracleNet(amount, rate), grossCent: amount }
              : { netCent: amount, grossCent: oracleGross(amount, rate) },
          );
          expect(split.vatCent).toBe(split.grossCent - split.netCent);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
