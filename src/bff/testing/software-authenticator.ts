import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

/**
 * A passkey authenticator in the test process, as a browser and a security key would answer WebAuthn's
 * ceremonies (ES256, attestation `none`): real signatures, so the BFF verifies them as it does in
 * production. `counter` goes up by one per assertion unless a test sets it (a cloned key).
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  counter = 0;
  userVerified = true;
  backedUp = false;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | undefined;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(attested: boolean): number {
    return (
      FLAG_USER_PRESENT |
      (this.userVerified ? FLAG_USER_VERIFIED : 0) |
      (this.backedUp ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0) |
      (attested ? FLAG_ATTESTED_CREDENTIAL : 0)
    );
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create()` with these options, as `RegistrationResponseJSON`. */
  register(options: Options) {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp?.id ?? ''),
      Buffer.from([this.flags(true)]),
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(coseKey),
    ]);
    this.userHandle = options.user?.id;
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to `navigator.credentials.get()`, as `AuthenticationResponseJSON`. */
  authenticate(options: Options) {
    this.counter += 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? ''),
      Buffer.from([this.flags(false)]),
      uint32(this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
