import { describe, expect, it } from 'vitest';
import { reachedByIpInsteadOfLocalhost, relyingPartyOf } from './relying-party.ts';

describe('the passkeys’ relying party', () => {
  it('is the host name of the public URL, and its origin', () => {
    expect(relyingPartyOf('https://console.example.com')).toEqual({
      id: 'console.example.com',
      origin: 'https://console.example.com',
    });
    expect(relyingPartyOf('http://localhost:19880')).toEqual({
      id: 'localhost',
      origin: 'http://localhost:19880',
    });
  });

  it('is none for an IP address, which browsers refuse as RP ID', () => {
    expect(relyingPartyOf('https://10.1.2.3')).toBeNull();
    expect(relyingPartyOf('http://192.168.1.20:8080')).toBeNull();
    expect(relyingPartyOf('http://[2001:db8::1]:8080')).toBeNull();
  });

  it('is localhost for a console listening on a loopback address, as npm start prints it', () => {
    expect(relyingPartyOf('http://127.0.0.1:8080')).toEqual({
      id: 'localhost',
      origin: 'http://localhost:8080',
    });
    expect(relyingPartyOf('http://[::1]:8080')).toEqual({ id: 'localhost', origin: 'http://localhost:8080' });
  });

  it('tells a request that reached a localhost console by its IP address apart', () => {
    const localhost = relyingPartyOf('http://127.0.0.1:8080')!;
    expect(reachedByIpInsteadOfLocalhost(localhost, '127.0.0.1:8080')).toBe(true);
    expect(reachedByIpInsteadOfLocalhost(localhost, '[::1]:8080')).toBe(true);
    expect(reachedByIpInsteadOfLocalhost(localhost, 'localhost:8080')).toBe(false);
    expect(reachedByIpInsteadOfLocalhost(localhost, undefined)).toBe(false);
    expect(reachedByIpInsteadOfLocalhost(localhost, 'bad host%')).toBe(false);
    // A console with a public name is judged by its name only (a proxy may send any Host).
    expect(reachedByIpInsteadOfLocalhost(relyingPartyOf('https://console.example.com')!, '10.0.0.1')).toBe(
      false,
    );
  });

  it('is none when the console does not know its address', () => {
    expect(relyingPartyOf(undefined)).toBeNull();
  });
});
