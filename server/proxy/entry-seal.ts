/**
 * A seal (HMAC-SHA256) on each entry the answer cache leaves in the shared store, over the store
 * key it lives under and what it says: whoever can write Redis without our secret cannot make an
 * entry we read back as ours, nor move one of ours under another question. With CACHE_SIGNING_KEY
 * the instances of a deployment share the secret and so each other's answers; without it each
 * process seals with a secret of its own, and trusts only what it wrote itself.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A seal's text: the 32-byte HMAC in base64url. */
const SEAL_TEXT = /^[\w-]{43}$/;

export class EntrySeal {
  readonly #secret: Buffer;
  /** Whether other instances hold the same secret (CACHE_SIGNING_KEY): then a seal that fails is worth reporting. */
  readonly sharedAcrossInstances: boolean;

  /** `secret`: the deployment's CACHE_SIGNING_KEY; null seals with a random secret of this process's own. */
  constructor(secret: string | null) {
    this.#secret = secret === null ? randomBytes(32) : Buffer.from(secret, 'utf8');
    this.sharedAcrossInstances = secret !== null;
  }

  /** The seal on `text` as stored under `storeKey`. */
  seal(storeKey: string, text: string): string {
    return createHmac('sha256', this.#secret).update(storeKey).update('\n').update(text).digest('base64url');
  }

  /** Whether `seal` is this secret's seal on `text` under `storeKey`. */
  verifies(storeKey: string, text: string, seal: string): boolean {
    if (!SEAL_TEXT.test(seal)) return false;
    return timingSafeEqual(Buffer.from(this.seal(storeKey, text)), Buffer.from(seal));
  }
}
