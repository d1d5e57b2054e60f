import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BrokenJsonError,
  findPageLinks,
  pageLink,
  rewritePageLinks,
  type PageLinkTarget,
} from './page-links.ts';

const target: PageLinkTarget = {
  upstreamBase: 'http://upstream.test/base',
  publicBase: 'https://console.example',
};
const FEED = '/v3/producers/P1000/contracts/C1000/feed/';

/** Raw link values as the platform might send them, and what the console must get instead. */
const LINKS: [raw: string, expected: string | null][] = [
  [
    `"http://upstream.test/base${FEED}?offset=20&limit=10"`,
    `https://console.example/api${FEED}?offset=20&limit=10`,
  ],
  [
    '"http:\\/\\/upstream.test\\/base\\/v3\\/producers\\/P1\\/contracts\\/C1\\/feed\\/?offset=0"',
    'https://console.example/api/v3/producers/P1/contracts/C1/feed/?offset=0',
  ],
  [`"HTTP://UPSTREAM.TEST:80/base${FEED}?a=%22b%22"`, `https://console.example/api${FEED}?a=%22b%22`],
  [`"/base${FEED}?offset=5"`, `https://console.example/api${FEED}?offset=5`],
  [`"http://upstream.test/base${FEED}#fragment"`, `https://console.example/api${FEED}`],
  [`"http://evil.example/base${FEED}?offset=20"`, null],
  [`"https://upstream.test/base${FEED}"`, null],
  [`"http://upstream.test:8080/base${FEED}"`, null],
  [`"//evil.example/base${FEED}"`, null],
  ['"javascript:alert(document.cookie)"', null],
  ['"JaVaScRiPt:alert(1)//http://upstream.test/base/v3/"', null],
  ['"data:text/html,<script>alert(1)</script>"', null],
  [`"http://upstream.test${FEED}"`, null],
  [`"http://upstream.test/base/v3/../admin/"`, null],
  [`"http://upstream.test/base/v3/producers/P1/contracts/%2e%2e/feed/"`, null],
  [`"http://upstream.test/base/v3/producers/P1%2fx/contracts/C1/feed/"`, null],
  [`"http://user:secret@upstream.test/base${FEED}"`, null],
  ['"http://upstream.test/base/oauth2/token/"', null],
  ['"http://upstream.test/base/v3/charges/"', null],
  ['"not a url at all"', null],
  ['""', null],
  ['null', null],
  ['12', null],
  ['true', null],
  ['{"href":"http://upstream.test/base/v3/producers/P1/contracts/C1/feed/"}', null],
  ['["http://upstream.test/base/v3/producers/P1/contracts/C1/feed/"]', null],
];

describe('pageLink', () => {
  it.each(LINKS)('%s → %s', (raw, expected) => {
    expect(pageLink(JSON.parse(raw), target)).toBe(expected);
  });

  it('makes relative links without a public URL', () => {
    expect(pageLink(`http://upstream.test/base${FEED}?offset=1`, { ...target, publicBase: '' })).toBe(
      `/api${FEED}?offset=1`,
    );
  });
});

describe('rewritePageLinks', () => {
  it('keeps every other byte: big integers, 1e400, escapes, spacing', () => {
    const body =
      '{ "count" : 12345678901234567890,\n "next":"http://upstream.test/base/v3/producers/P1000/contracts/C1000/feed/?offset=20",' +
      '"previous" :null , "results":[{"energy_kwh":1e400,"note":"\\"next\\":\\"http://evil.example/\\"","next":"javascript:x"}],' +
      '"total":-0.10000000000000000555}';
    const rewritten = rewritePageLinks(Buffer.from(body), target).toString();
    expect(rewritten).toBe(
      body.replace(
        '"http://upstream.test/base/v3/producers/P1000/contracts/C1000/feed/?offset=20"',
        '"https://console.example/api/v3/producers/P1000/contracts/C1000/feed/?offset=20"',
      ),
    );
  });

  it('answers the same buffer when nothing changes, and keeps invalid UTF-8 elsewhere', () => {
    const unchanged = Buffer.from('{"count":0,"next":null,"previous":null,"results":[]}');
    expect(rewritePageLinks(unchanged, target)).toBe(unchanged);
    const withBytes = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('","next":"javascript:alert(1)"}'),
    ]);
    expect(rewritePageLinks(withBytes, target)).toEqual(
      Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('","next":null}'),
      ]),
    );
  });

  it('drops every duplicate of a link (JSON.parse keeps the last)', () => {
    const body =
      '{"next":"http://upstream.test/base/v3/producers/P/contracts/C/feed/","next":"http://evil.example/"}';
    const rewritten: unknown = JSON.parse(rewritePageLinks(Buffer.from(body), target).toString());
    expect(rewritten).toHaveProperty('next', null);
    expect(findPageLinks(Buffer.from(body))).toHaveLength(2);
  });

  it.each([
    '{"next":"http://upstream.test/',
    '{"count":1',
    '{"count":1}}',
    '{"count":1} trailing',
    '{"results":[1}',
    '{"results":[{]}',
    ']',
  ])('refuses a broken page: %s', (body) => {
    expect(() => rewritePageLinks(Buffer.from(body), target)).toThrow(BrokenJsonError);
  });

  it('leaves roots that are not objects alone', () => {
    for (const body of ['[{"next":"javascript:x"}]', '"next"', '12', 'null', '']) {
      const buffer = Buffer.from(body);
      expect(rewritePageLinks(buffer, target)).toBe(buffer);
    }
  });

  /** A JSON text built from segments: fixed bytes, and link values whose rewrite is known. */
  type Segment = { fixed: Buffer } | { link: [string, string | null] };
  const whitespace = fc.constantFrom('', ' ', '\n', '\t', '\r\n  ');
  const fixedText = (text: string): Segment => ({ fixed: Buffer.from(text) });
  // Values that must pass untouched: any JSON (unicode included), literals JSON.parse would change,
  // decoys holding next/previous links below the root, strings quoting links, invalid UTF-8.
  const otherValue = fc.oneof(
    fc
      .tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(0, 2))
      .map(([value, indent]) => fixedText(JSON.stringify(value, null, indent) ?? 'null')),
    fc
      .constantFrom('12345678901234567890', '1e400', '-1.5E-400', '0.30000000000000004', '-0', '1E+2')
      .map(fixedText),
    fc
      .constantFrom(
        '{"next":"http://evil.example/x","previous":"javascript:alert(1)"}',
        '[["next","http://upstream.test/base/v3/producers/P/contracts/C/feed/"],{"previous":{"next":1}}]',
        '"\\"next\\": \\"http://evil.example/\\""',
        '"a \\\\" ',
        '"\\\\\\""',
        '"\\u0022next\\u0022"',
        '{"a":{"b":[{"next":"javascript:x"}]},"c":"}]"}',
      )
      .map(fixedText),
    fc.constant<Segment>({ fixed: Buffer.from([0x22, 0xff, 0xfe, 0x80, 0x22]) }),
  );
  const otherName = fc.oneof(
    fc.string().map((name) => JSON.stringify(name)),
    fc.constantFrom('"count"', '"results"', '"Next"', '"next "', '"nextx"', '"prev"', '"previous\\u0020"'),
  );
  const query = fc
    .array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' })), { maxLength: 3 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const linkValue: fc.Arbitrary<[string, string | null]> = fc.oneof(
    fc.constantFrom(...LINKS),
    query.map((search): [string, string | null] => [
      JSON.stringify(`http://upstream.test/base${FEED}?${search}`),
      `https://console.example/api${FEED}${new URL(`http://x/?${search}`).search}`,
    ]),
  );
  const linkName = fc.constantFrom('"next"', '"previous"', '"n\\u0065xt"', '"previou\\u0073"');
  const member = fc.oneof(
    fc
      .tuple(linkName, whitespace, whitespace, linkValue)
      .map(([name, before, after, link]): Segment[] => [fixedText(`${name}${before}:${after}`), { link }]),
    fc
      .tuple(otherName, whitespace, whitespace, otherValue)
      .map(([name, before, after, value]): Segment[] => [fixedText(`${name}${before}:${after}`), value]),
  );
  const document = fc
    .tuple(fc.array(fc.tuple(whitespace, member, whitespace), { maxLength: 8 }), whitespace, whitespace)
    .map(([members, lead, tail]) => {
      const segments: Segment[] = [fixedText(`${lead}{`)];
      members.forEach(([before, parts, after], index) => {
        segments.push(fixedText(`${index > 0 ? ',' : ''}${before}`), ...parts, fixedText(after));
      });
      segments.push(fixedText(`}${tail}`));
      return segments;
    });

  it('property: only the root object’s link values change, every other byte stays', () => {
    fc.assert(
      fc.property(document, (segments) => {
        const input = Buffer.concat(
          segments.map((segment) => ('fixed' in segment ? segment.fixed : Buffer.from(segment.link[0]))),
        );
        const expected = Buffer.concat(
          segments.map((segment) =>
            'fixed' in segment ? segment.fixed : Buffer.from(JSON.stringify(segment.link[1])),
          ),
        );
        expect(rewritePageLinks(input, target).equals(expected)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the rewritten page parses to the original with only next/previous replaced', () => {
    fc.assert(
      fc.property(fc.jsonValue(), linkValue, linkValue, (value, next, previous) => {
        // As JSON carries it (-0 is written 0): the page's bytes are the reference, not the JS value.
        const results = JSON.parse(JSON.stringify(value)) as unknown;
        const page = {
          count: 3,
          next: JSON.parse(next[0]) as unknown,
          previous: JSON.parse(previous[0]) as unknown,
          results,
        };
        const rewritten = JSON.parse(
          rewritePageLinks(Buffer.from(JSON.stringify(page)), target).toString(),
        ) as unknown;
        expect(rewritten).toEqual({ ...page, next: next[1], previous: previous[1] });
      }),
      { numRuns: 500 },
    );
  });
});
