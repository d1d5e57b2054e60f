import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './relying-party.ts';

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
    expect(relyingPartyOf('http://127.0.0.1:8080')).toBeNull();
    expect(relyingPartyOf('https://10.1.2.3')).toBeNull();
    expect(relyingPartyOf('http://[::1]:8080')).toBeNull();
  });

  it('is none when the console does not know its address', () => {
    expect(relyingPartyOf(undefined)).toBeNull();
  });
});
